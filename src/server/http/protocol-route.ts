import type { FastifyInstance, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { HttpMethod, Route } from '../../protocol/api/route';

/**
 * Registers a route declared in src/protocol (a mutation's entry, an `apiPaths` route): its
 * method and URL come from the same object the worker and the app build their requests from, so
 * the server never spells a path of its own and a renamed one fails the typecheck on both sides.
 */
export function registerRoute<P extends string>(app: FastifyInstance, route: Route<HttpMethod, P>, options: RouteShorthandOptions, handler: RouteHandlerMethod): void {
  app.route({ ...options, method: route.method, url: `/${route.path}`, handler });
}
