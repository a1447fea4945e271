/**
 * A REST route (§7): its method and its path template under the API base, with `:name` for each
 * path parameter, as Fastify spells them. The server registers the route from this object
 * (src/server/http/protocol-route.ts) and the worker and the app build the path with `build`, so
 * a renamed path or parameter fails the typecheck on both sides instead of at run time.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The names of a path template's `:params` (`conversations/:id/tags/:slug`: `'id' | 'slug'`). */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A value for each path parameter; each is URI-encoded into the path. */
export type RouteParams<P extends string> = { readonly [K in PathParams<P>]: string | number };

/** `build()` for a path without parameters, `build({id})` for one with. */
type BuildArgs<P extends string> = [PathParams<P>] extends [never] ? [] : [params: RouteParams<P>];

export type Route<M extends HttpMethod = HttpMethod, P extends string = string> = {
  readonly method: M;
  readonly path: P;
  /** The path relative to the API base, each `:param` replaced by its encoded value. */
  readonly build: (...params: BuildArgs<P>) => string;
};

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

export function route<const M extends HttpMethod, const P extends string>(method: M, path: P): Route<M, P> {
  const build = (params?: Readonly<Record<string, string | number>>): string =>
    path.replace(PARAM, (_match, name: string) => encodeURIComponent(String(params?.[name])));
  return { method, path, build };
}
