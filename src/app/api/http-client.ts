import { API_BASE, SESSION_HEADER } from '../../protocol/api/routes';
import { RequestFailure } from './request-failure';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type HttpClientOptions = {
  fetch: typeof fetch;
  sessionId: string;
  /** The organization whose token is sent, or null for the public (signed-out) calls. */
  slug: string | null;
  /** Read at each request, so a token saved or removed meanwhile is seen. */
  getToken: (slug: string) => string | null;
  /** Called once per 401 on a request that carried a token: the session has ended (§4). */
  onUnauthorized: (slug: string) => void;
};

export type HttpClient = {
  readonly slug: string | null;
  request: <T>(method: HttpMethod, path: string, body?: unknown, signal?: AbortSignal) => Promise<T>;
  get: <T>(path: string, signal?: AbortSignal) => Promise<T>;
  post: <T>(path: string, body?: unknown) => Promise<T>;
  patch: <T>(path: string, body: unknown) => Promise<T>;
  del: <T>(path: string) => Promise<T>;
};

/**
 * The one fetch wrapper of the app: paths are relative to /api/ (see protocol/api/routes), the
 * bearer token of the organization and the client session id are added, and every failure is
 * thrown as a RequestFailure. Response shapes are trusted as typed: they come from our server.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { slug } = options;

  async function request<T>(method: HttpMethod, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', [SESSION_HEADER]: options.sessionId };
    const token = slug === null ? null : options.getToken(slug);
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    if (signal) init.signal = signal;

    let response: Response;
    try {
      response = await options.fetch(API_BASE + path, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new RequestFailure({ kind: 'network' });
    }
    const parsed = await readBody(response);
    if (response.ok) return parsed as T;
    if (response.status === 401 && token && slug !== null) options.onUnauthorized(slug);
    throw new RequestFailure({ kind: 'http', status: response.status, body: parsed });
  }

  return {
    slug,
    request,
    get: (path, signal) => request('GET', path, undefined, signal),
    post: (path, body) => request('POST', path, body),
    patch: (path, body) => request('PATCH', path, body),
    del: (path) => request('DELETE', path),
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  let text: string;
  try {
    text = await response.text();
  } catch {
    return null;
  }
  if (text === '') return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
