import type { Route, RouteParams } from '../../protocol/api/route';
import type { MutationMethod } from '../../protocol/mutations/mutation-entry';
import type { MutationRequest } from './mutation-definition';

/**
 * A definition's REST call to its kind's route (MUTATION_ROUTES): the method and path come from
 * the protocol entry the server registers, so a path parameter the definition does not fill, or a
 * route that is not there, fails the typecheck. `query` is appended as it is (`?move_to=…`).
 */
export function requestTo<P extends string>(route: Route<MutationMethod, P>, params: RouteParams<P>, body?: unknown, query = ''): MutationRequest {
  const build = route.build as (params: RouteParams<P>) => string;
  return { method: route.method, path: `${build(params)}${query}`, ...(body === undefined ? {} : { body }) };
}
