/**
 * Why a request did not succeed. `http` carries the parsed body: JSON when the server said so,
 * otherwise the text, or null when there was none.
 */
export type Failure =
  | { kind: 'network' }
  | { kind: 'http'; status: number; body: unknown }
  | { kind: 'unexpected' };

export class RequestFailure extends Error {
  readonly failure: Failure;

  constructor(failure: Failure) {
    super(failure.kind === 'http' ? `HTTP ${failure.status}` : failure.kind);
    this.name = 'RequestFailure';
    this.failure = failure;
  }
}

/** Any thrown value as a Failure, so every catch block can show a §8 text. */
export function toFailure(error: unknown): Failure {
  if (error instanceof RequestFailure) return error.failure;
  return { kind: 'unexpected' };
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
