import type { FastifyInstance } from 'fastify';
import {
  assignBody,
  conversationParams,
  conversationTagParams,
  statusBody,
  tagBody,
} from '../../protocol/api/conversation-requests';
import { suggestSlug } from '../../protocol/slug';
import { findAgentById } from '../agents/agent-queries';
import type { AppContext } from '../app-context';
import { requireSession } from '../http/auth-hook';
import { fieldError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { runMutation } from '../mutations/run-mutation';
import { ensureTag } from '../tags/tag-queries';
import { findConversationForWrite, updateConversation } from './conversation-changes';
import { conversationTags } from './conversation-model';

/** Changing a conversation: tags (§5: add only if absent, remove only if present), status, assignee, read. */
export function registerConversationMutationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  app.post('/conversations/:id/tags', { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const { name } = parseInput(tagBody, request.body);
      const slug = suggestSlug(name);
      if (!slug) throw fieldError('name', 'must contain a letter or a digit');
      const row = await findConversationForWrite(write, id);
      await ensureTag(write, slug, name);
      const tags = conversationTags(row);
      if (tags.includes(slug)) return updateConversation(write, row, {});
      return updateConversation(write, row, { tags: JSON.stringify([...tags, slug]) });
    }),
  );

  app.delete('/conversations/:id/tags/:slug', { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id, slug } = parseInput(conversationTagParams, request.params);
      const row = await findConversationForWrite(write, id);
      const tags = conversationTags(row);
      if (!tags.includes(slug)) return updateConversation(write, row, {});
      return updateConversation(write, row, { tags: JSON.stringify(tags.filter((tag) => tag !== slug)) });
    }),
  );

  app.post('/conversations/:id/status', { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const { status } = parseInput(statusBody, request.body);
      return updateConversation(write, await findConversationForWrite(write, id), { status });
    }),
  );

  app.post('/conversations/:id/assign', { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const { agent_id } = parseInput(assignBody, request.body);
      if (agent_id !== null) {
        const agent = await findAgentById(write.trx, agent_id);
        if (!agent || agent.org_id !== write.orgId || agent.is_removed !== 0) throw fieldError('agent_id', 'is not an active teammate');
      }
      return updateConversation(write, await findConversationForWrite(write, id), { agent_id });
    }),
  );

  app.post('/conversations/:id/read', { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      return updateConversation(write, await findConversationForWrite(write, id), { is_unread: 0 });
    }),
  );
}
