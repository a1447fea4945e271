export type ApiResponse<T> = { status: number; body: T; text: string; headers: Headers };

export type RequestOptions = {
  /** JSON body; a string is sent as it is (to test malformed JSON). */
  body?: unknown;
  /** Bearer token; overrides the client's. */
  token?: string | null;
  headers?: Record<string, string>;
};

export type ApiClient = {
  request<T = Record<string, unknown>>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = Record<string, unknown>>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  patch<T = Record<string, unknown>>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T = Record<string, unknown>>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
};

/**
 * A small HTTP client for the API. Paths are relative to `${origin}/api/` (as in apiPaths)
 * unless they start with '/'. `ip` is sent as X-Forwarded-For: the server must trust it
 * (TRUST_PROXY=loopback), which lets each test count as a different client for rate limits.
 * The response body is typed by the caller and not checked.
 */
export function createApiClient(origin: string, defaults: { token?: string; ip?: string } = {}): ApiClient {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = path.startsWith('/') ? `${origin}${path}` : `${origin}/api/${path}`;
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? defaults.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (defaults.ip) headers['x-forwarded-for'] = defaults.ip;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }
  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
