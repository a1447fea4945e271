import { REST_ROUTES } from '../../protocol/api/rest-routes';
import { registerRoute } from '../http/protocol-route';
import type { FastifyInstance } from 'fastify';
import { conversationListQuery, conversationParams, conversationStatisticsQuery } from '../../protocol/api/conversation-requests';
import type { Conversation, ConversationStatistics } from '../../protocol/documents';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { HttpError, notFound } from '../http/http-error';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { parseInput } from '../http/parse-input';
import { answerListing } from '../realtime/streamed-get';
import { toConversation } from './conversation-model';
import { findConversationRow, listConversations } from './conversation-queries';
import { conversationStatistics } from './conversation-statistics';

/** Reading conversations: the list (streamable), the statistics, one conversation. */
export function registerConversationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, REST_ROUTES.conversations, { preHandler }, (request, reply) =>
    answerListing(ctx, request, reply, 'conversations', async () => {
      const { agent, organization } = signedIn(request);
      const query = parseInput(conversationListQuery, request.query);
      const page = await listConversations(ctx.db, ctx.dialect, { orgId: organization.id, agentId: agent.id, query });
      return { documents: page.conversations, info: { next_cursor: page.next_cursor }, body: page };
    }),
  );

  registerRoute(app, REST_ROUTES.conversationStatistics, { preHandler }, (request): Promise<ConversationStatistics> => {
    const { agent, organization } = signedIn(request);
    const { complete } = parseInput(conversationStatisticsQuery, request.query);
    return conversationStatistics(ctx.db, ctx.dialect, organization.id, agent, { complete: complete === 'true', now: ctx.clock() });
  });

  registerRoute(app, REST_ROUTES.conversation, { preHandler }, async (request): Promise<Conversation> => {
    const { id } = parseInput(conversationParams, request.params);
    const orgId = signedIn(request).organization.id;
    const row = await findConversationRow(ctx.db, orgId, id);
    if (!row) throw await mergedAway(ctx, orgId, id);
    return toConversation(row);
  });
}

/** 404 for a missing conversation; one merged into another says which (`merged_into`), so links to it still open. */
async function mergedAway(ctx: AppContext, orgId: number, id: number): Promise<HttpError> {
  const merged = await ctx.db.selectFrom('conversations').select('merged_into').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return merged?.merged_into ? new HttpError(404, { error: API_ERRORS.notFound, merged_into: Number(merged.merged_into) }) : notFound();
}
