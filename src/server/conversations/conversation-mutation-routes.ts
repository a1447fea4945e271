import type { FastifyInstance } from 'fastify';
import {
  assignBody,
  bulkBody,
  conversationParams,
  conversationTagParams,
  snoozeBody,
  statusBody,
  tagBody,
} from '../../protocol/api/conversation-requests';
import { suggestSlug } from '../../protocol/slug';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { findAgentById } from '../agents/agent-queries';
import type { AppContext } from '../app-context';
import { requireSession } from '../http/auth-hook';
import { fieldError } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import { notifyAssigned } from '../notifications/notify-teammate';
import { ensureTag } from '../tags/tag-queries';
import { findConversationForWrite, updateConversation, type ConversationPatch } from './conversation-changes';
import { conversationTags } from './conversation-model';
import { snoozeConversation } from './snooze-conversation';

/** Changing a conversation: tags (§5: add only if absent, remove only if present), status, assignee, read. */
export function registerConversationMutationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  /**
   * `POST conversations/bulk`: one action on up to 500 conversations, all in one transaction
   * (one feed row per conversation that changed). Every id is looked up before anything is
   * written, so an id outside the organization answers 404 with nothing applied.
   */
  registerRoute(app, MUTATION_ROUTES.bulk, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      const { ids, action } = parseInput(bulkBody, request.body);
      const rows = [];
      for (const id of new Set(ids)) rows.push(await findConversationForWrite(write, id));
      let patchOf: (tags: string[]) => ConversationPatch;
      if ('status' in action) {
        patchOf = () => ({ status: action.status });
      } else if ('agent_id' in action) {
        const agentId = action.agent_id;
        if (agentId !== null) {
          const agent = await findAgentById(write.trx, agentId);
          if (!agent || agent.org_id !== write.orgId || agent.is_removed !== 0) throw fieldError('action.agent_id', 'is not an active teammate');
        }
        patchOf = () => ({ agent_id: agentId });
      } else if ('add_tag' in action) {
        const suggested = suggestSlug(action.add_tag);
        if (!suggested) throw fieldError('action.add_tag', 'must contain a letter or a digit');
        const { slug } = await ensureTag(write, suggested, action.add_tag);
        patchOf = (tags) => (tags.includes(slug) ? {} : { tags: JSON.stringify([...tags, slug]) });
      } else {
        const slug = action.remove_tag;
        patchOf = (tags) => (tags.includes(slug) ? { tags: JSON.stringify(tags.filter((tag) => tag !== slug)) } : {});
      }
      const conversations = [];
      for (const row of rows) {
        const updated = await updateConversation(write, row, patchOf(conversationTags(row)));
        await notifyAssigned(write, caller.agent, row, updated);
        conversations.push(updated);
      }
      return { conversations };
    }),
  );

  registerRoute(app, MUTATION_ROUTES.tag, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const { name } = parseInput(tagBody, request.body);
      const suggested = suggestSlug(name);
      if (!suggested) throw fieldError('name', 'must contain a letter or a digit');
      const row = await findConversationForWrite(write, id);
      const { slug } = await ensureTag(write, suggested, name);
      const tags = conversationTags(row);
      if (tags.includes(slug)) return updateConversation(write, row, {});
      return updateConversation(write, row, { tags: JSON.stringify([...tags, slug]) });
    }),
  );

  registerRoute(app, MUTATION_ROUTES.untag, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id, slug } = parseInput(conversationTagParams, request.params);
      const row = await findConversationForWrite(write, id);
      const tags = conversationTags(row);
      if (!tags.includes(slug)) return updateConversation(write, row, {});
      return updateConversation(write, row, { tags: JSON.stringify(tags.filter((tag) => tag !== slug)) });
    }),
  );

  registerRoute(app, MUTATION_ROUTES.status, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const { status } = parseInput(statusBody, request.body);
      return updateConversation(write, await findConversationForWrite(write, id), { status });
    }),
  );

  registerRoute(app, MUTATION_ROUTES.assign, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      const { id } = parseInput(conversationParams, request.params);
      const { agent_id } = parseInput(assignBody, request.body);
      if (agent_id !== null) {
        const agent = await findAgentById(write.trx, agent_id);
        if (!agent || agent.org_id !== write.orgId || agent.is_removed !== 0) throw fieldError('agent_id', 'is not an active teammate');
      }
      const before = await findConversationForWrite(write, id);
      const updated = await updateConversation(write, before, { agent_id });
      await notifyAssigned(write, caller.agent, before, updated);
      return updated;
    }),
  );

  registerRoute(app, MUTATION_ROUTES.snooze, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const { until } = parseInput(snoozeBody, request.body);
      const { conversation, wakeAt } = await snoozeConversation(write, id, until);
      if (wakeAt !== null) write.afterCommit(() => ctx.jobs.wake(wakeAt));
      return conversation;
    }),
  );

  registerRoute(app, MUTATION_ROUTES.read, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      return updateConversation(write, await findConversationForWrite(write, id), { is_unread: 0 });
    }),
  );
}
