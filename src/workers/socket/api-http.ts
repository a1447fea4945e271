import { MUTATION_BATCH_PATH, type MutationBatchBody } from '../../protocol/api/mutation-batch';
import { API_BASE, SESSION_HEADER } from '../../protocol/api/routes';
import { ERROR_TEXTS } from '../../protocol/error-texts';
import { CONTENT_ID_HEADER, MUTATION_HEADER, STREAM_HEADER } from '../../protocol/realtime';
import type { SendOutcome } from '../outbox/classify-failure';
import { failureText } from '../outbox/classify-failure';
import type { Clock } from './connection';
import type { MutationRequest } from '../mutations/mutation-definition';
import { StreamedRequestError } from '../feed/streamed-requests';
import type { BeginResult } from '../feed/streamed-requests';

/**
 * The worker's REST calls (§7): the organization's bearer token, the client session id, and for a
 * mutation its x-mutation-id, so that a retried row is applied by the server at most once.
 */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export type ApiHttpDeps = {
  fetch: FetchLike;
  clock: Clock;
  /** e.g. `https://inbox.example.com`; the API is under `/api/`. */
  origin: string;
  sessionId: string;
  getToken: () => Promise<string | null>;
  /** A request that takes longer is abandoned and retried (the mutation id makes that safe). */
  timeoutMs?: number;
};

export const MUTATION_TIMEOUT_MS = 30_000;

export function createApiHttp(deps: ApiHttpDeps) {
  const timeoutMs = deps.timeoutMs ?? MUTATION_TIMEOUT_MS;

  async function headers(extra: Record<string, string>): Promise<Record<string, string> | null> {
    const token = await deps.getToken();
    if (!token) return null;
    return { accept: 'application/json', authorization: `Bearer ${token}`, [SESSION_HEADER]: deps.sessionId, ...extra };
  }

  const apiUrl = (path: string): string => deps.origin + API_BASE + path;

  /** One REST call of the outbox, with the session's headers and the mutation timeout. */
  async function send(request: MutationRequest, extra: Record<string, string>, signal: AbortSignal): Promise<SendOutcome> {
    const sent = await headers(extra);
    if (!sent) return { kind: 'response', status: 401, body: null };
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal.addEventListener('abort', abort);
    let timedOut = false;
    const timer = deps.clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const init: RequestInit = { method: request.method, headers: sent, signal: controller.signal };
      if (request.body !== undefined) init.body = JSON.stringify(request.body);
      const response = await deps.fetch(apiUrl(request.path), init);
      return { kind: 'response', status: response.status, body: await readResponseBody(response) };
    } catch {
      if (timedOut) return { kind: 'timeout' };
      // Offline, the request never left: an undo may still take the row back unsent (undo-send.ts).
      return typeof navigator !== 'undefined' && navigator.onLine === false ? { kind: 'network', unsent: true } : { kind: 'network' };
    } finally {
      deps.clock.clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    }
  }

  return {
    apiUrl,

    /** A mutation's request (its definition's), under its mutation id. */
    async sendMutation(request: MutationRequest, mutationId: string, signal: AbortSignal): Promise<SendOutcome> {
      const extra: Record<string, string> = { [MUTATION_HEADER]: mutationId };
      if (request.body !== undefined) extra['content-type'] = 'application/json';
      return send(request, extra, signal);
    },

    /**
     * Several mutations in one request (protocol/api/mutation-batch.ts): one outcome per item, in
     * order. A batch that fails as a whole gives each item its outcome (offline, 5xx, 401...);
     * `null` when the server does not take batches (an older server answers 404): send them alone.
     */
    async sendMutations(items: readonly { request: MutationRequest; mutationId: string }[], signal: AbortSignal): Promise<SendOutcome[] | null> {
      const body: MutationBatchBody = {
        mutations: items.map(({ request, mutationId }) => ({
          mutation_id: mutationId,
          method: request.method,
          path: request.path,
          ...(request.body === undefined ? {} : { body: request.body }),
        })),
      };
      const outcome = await send({ method: 'POST', path: MUTATION_BATCH_PATH, body }, { 'content-type': 'application/json' }, signal);
      if (outcome.kind !== 'response') return items.map(() => outcome);
      const results = batchResults(outcome.body, items.length);
      if (outcome.status >= 200 && outcome.status < 300 && results) return results;
      if (outcome.status === 401 || outcome.status === 429 || outcome.status >= 500) return items.map(() => outcome);
      return null;
    },
    /** Starts a streamed GET (§7) whose result comes over the socket under `targetId`. */
    async beginStreamedGet(url: string, targetId: string): Promise<BeginResult> {
      const sent = await headers({ [STREAM_HEADER]: '1', [CONTENT_ID_HEADER]: targetId });
      if (!sent) throw new StreamedRequestError(ERROR_TEXTS.unexpected, 401);
      let response: Response;
      try {
        response = await deps.fetch(url, { method: 'GET', headers: sent });
      } catch {
        throw new StreamedRequestError(ERROR_TEXTS.offline, null);
      }
      if (response.status === 202) return { kind: 'streaming' };
      const body = await readResponseBody(response);
      if (response.ok) return { kind: 'plain', body };
      const text = response.status === 429 ? ERROR_TEXTS.rateLimited : failureText(body);
      throw new StreamedRequestError(text, response.status);
    },
  };
}

export type ApiHttp = ReturnType<typeof createApiHttp>;

/** The items' outcomes of a batch's answer, or null when it is not one answer per item. */
function batchResults(body: unknown, count: number): SendOutcome[] | null {
  if (typeof body !== 'object' || body === null || !('results' in body) || !Array.isArray(body.results)) return null;
  const results = body.results as unknown[];
  if (results.length !== count) return null;
  const outcomes: SendOutcome[] = [];
  for (const result of results) {
    if (typeof result !== 'object' || result === null || !('status' in result) || typeof result.status !== 'number') return null;
    outcomes.push({ kind: 'response', status: result.status, body: 'body' in result ? result.body : null });
  }
  return outcomes;
}

export async function readResponseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  let text: string;
  try {
    text = await response.text();
  } catch {
    return null;
  }
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
