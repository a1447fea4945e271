import type { FastifyInstance } from 'fastify';
import { conversationListQuery, conversationParams } from '../../protocol/api/conversation-requests';
import { apiPaths } from '../../protocol/api/routes';
import type { Conversation, ConversationStatistics } from '../../protocol/documents';
import type { AppContext } from '../app-context';
import { requireSession, signedIn } from '../http/auth-hook';
import { notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { answerListing } from '../realtime/streamed-get';
import { toConversation } from './conversation-model';
import { findConversationRow, listConversations } from './conversation-queries';
import { conversationStatistics } from './conversation-statistics';

/** Reading conversations: the list (streamable), the statistics, one conversation. */
export function registerConversationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  app.get(`/${apiPaths.conversations}`, { preHandler }, (request, reply) =>
    answerListing(ctx, request, reply, 'conversations', async () => {
      const { agent, organization } = signedIn(request);
      const query = parseInput(conversationListQuery, request.query);
      const page = await listConversations(ctx.db, ctx.dialect, { orgId: organization.id, agentId: agent.id, query });
      return { documents: page.conversations, info: { next_cursor: page.next_cursor }, body: page };
    }),
  );

  app.get(`/${apiPaths.conversationStatistics}`, { preHandler }, (request): Promise<ConversationStatistics> => {
    const { agent, organization } = signedIn(request);
    return conversationStatistics(ctx.db, ctx.dialect, organization.id, agent);
  });

  app.get('/conversations/:id', { preHandler }, async (request): Promise<Conversation> => {
    const { id } = parseInput(conversationParams, request.params);
    const row = await findConversationRow(ctx.db, signedIn(request).organization.id, id);
    if (!row) throw notFound();
    return toConversation(row);
  });
}
