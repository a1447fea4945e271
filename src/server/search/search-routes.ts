import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import { matchesQuery, searchQuery, type MatchesResponse, type SearchPage } from '../../protocol/api/search-requests';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { matchConversations, searchConversations } from './search-queries';

/** Full-text search over the organization's conversations, and the per-id check of §7 `matches`. */
export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, REST_ROUTES.conversationSearch, { preHandler }, (request): Promise<SearchPage> => {
    const query = parseInput(searchQuery, request.query);
    return searchConversations({ db: ctx.db, dialect: ctx.dialect, orgId: signedIn(request).organization.id }, query);
  });

  registerRoute(app, REST_ROUTES.conversationMatches, { preHandler }, async (request): Promise<MatchesResponse> => {
    const { ids, search } = parseInput(matchesQuery, request.query);
    const scope = { db: ctx.db, dialect: ctx.dialect, orgId: signedIn(request).organization.id };
    return { matches: await matchConversations(scope, ids, search) };
  });
}
