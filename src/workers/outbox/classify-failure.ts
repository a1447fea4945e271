import { RECONNECT_CAP_MS, RECONNECT_STEP_MS } from '../../protocol/constants';
import { ERROR_TEXTS } from '../../protocol/error-texts';

/**
 * How a sent mutation ended, and what the outbox does about it (pure; docs/architecture.md "Client"):
 * network errors, timeouts, 5xx and 429 are retried with backoff; 401 ends the session and stops
 * sending; any other 4xx is permanent (the patch is dropped and the §8 text shown).
 */
export type SendOutcome =
  | { kind: 'response'; status: number; body: unknown }
  /** `unsent`: the browser was offline, so the request never left the device. */
  | { kind: 'network'; unsent?: boolean }
  | { kind: 'timeout' };

export type Verdict =
  | { kind: 'done'; body: unknown }
  | { kind: 'retry'; unsent?: boolean }
  | { kind: 'unauthorized' }
  | { kind: 'permanent'; text: string };

export function classifyOutcome(outcome: SendOutcome): Verdict {
  if (outcome.kind === 'network' && outcome.unsent) return { kind: 'retry', unsent: true };
  if (outcome.kind !== 'response') return { kind: 'retry' };
  const { status, body } = outcome;
  if (status >= 200 && status < 300) return { kind: 'done', body };
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry' };
  return { kind: 'permanent', text: failureText(body) };
}

/** Delay before the next try after `attempts` failed ones: 500 ms × attempts, at most 10 s. */
export function retryDelay(attempts: number): number {
  return Math.min(RECONNECT_STEP_MS * Math.max(attempts, 1), RECONNECT_CAP_MS);
}

/** §8: an errors object shows its first entry as 'key: message'; an error string as it is. */
export function failureText(body: unknown): string {
  if (isRecord(body)) {
    const errors = body['errors'];
    if (isRecord(errors)) {
      for (const [key, value] of Object.entries(errors)) {
        const message = Array.isArray(value) ? (value as unknown[])[0] : value;
        if (typeof message === 'string') return `${key}: ${message}`;
      }
    }
    const error = body['error'];
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return ERROR_TEXTS.unexpected;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
