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
  /** POSTs a file as the raw body (its own Content-Type), e.g. `attachments/?name=`; answers the JSON. */
  upload: <T>(path: string, file: Blob) => Promise<T>;
  /**
   * GETs a file with the token in the header, as a Blob: files behind the session (attachments)
   * are never linked with the token in their URL, where it would reach logs and history.
   */
  getBlob: (path: string, signal?: AbortSignal) => Promise<Blob>;
};

/**
 * The one fetch wrapper of the app: paths are relative to /api/ (see protocol/api/routes), the
 * bearer token of the organization and the client session id are added, and every failure is
 * thrown as a RequestFailure. Response shapes are trusted as typed: they come from our server.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { slug } = options;

  async function send(method: HttpMethod, path: string, body?: unknown, signal?: AbortSignal): Promise<{ response: Response; token: string | null }> {
    const headers: Record<string, string> = { accept: 'application/json', [SESSION_HEADER]: options.sessionId };
    const token = slug === null ? null : options.getToken(slug);
    if (token) headers['authorization'] = `Bearer ${token}`;
    // Same-origin cookies go out and come back: the device cookie of a sign-in (it marks this
    // browser as one that signed in before, for the login limit; the session stays a bearer token).
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (body instanceof Blob) {
      headers['content-type'] = body.type || 'application/octet-stream';
      init.body = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    if (signal) init.signal = signal;

    let response: Response;
    try {
      response = await options.fetch(API_BASE + path, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new RequestFailure({ kind: 'network' });
    }
    return { response, token };
  }

  function fail(response: Response, token: string | null, body: unknown): never {
    if (response.status === 401 && token && slug !== null) options.onUnauthorized(slug);
    throw new RequestFailure({ kind: 'http', status: response.status, body });
  }

  async function request<T>(method: HttpMethod, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const { response, token } = await send(method, path, body, signal);
    const parsed = await readBody(response);
    if (response.ok) return parsed as T;
    return fail(response, token, parsed);
  }

  async function getBlob(path: string, signal?: AbortSignal): Promise<Blob> {
    const { response, token } = await send('GET', path, undefined, signal);
    if (!response.ok) return fail(response, token, await readBody(response));
    try {
      return await response.blob();
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new RequestFailure({ kind: 'network' });
    }
  }

  return {
    slug,
    request,
    get: (path, signal) => request('GET', path, undefined, signal),
    post: (path, body) => request('POST', path, body),
    patch: (path, body) => request('PATCH', path, body),
    del: (path) => request('DELETE', path),
    upload: (path, file) => request('POST', path, file),
    getBlob,
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
