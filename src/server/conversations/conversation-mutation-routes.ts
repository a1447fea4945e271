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
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import type { AppContext } from '../app-context';
import { requireSession } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import { notifyAssigned } from '../notifications/notify-teammate';
import { findConversationForWrite, updateConversation } from './conversation-changes';
import { addTagChange, assigneeChange, bulkChange, removeTagChange, statusChange, tagSlugOf } from './conversation-field-changes';
import { conversationTags } from './conversation-model';
import { snoozeConversation } from './snooze-conversation';
import { conversationEvents, fieldChangeEvents } from '../rules/rule-engine';

/** Changing a conversation: tags (§5: add only if absent, remove only if present), status, assignee, read. */
export function registerConversationMutationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  /**
   * `POST conversations/bulk`: one action on up to 500 conversations, all in one transaction
   * (one feed row per conversation that changed). Every id is looked up before anything is
   * written, so an id outside the organization answers 404 with nothing applied. The action is
   * the single route's own change (conversation-field-changes.ts), applied to each.
   */
  registerRoute(app, MUTATION_ROUTES.bulk, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      const { ids, action } = parseInput(bulkBody, request.body);
      const rows = [];
      for (const id of new Set(ids)) rows.push(await findConversationForWrite(write, id));
      const patchOf = await bulkChange(write, action);
      const conversations = [];
      for (const row of rows) {
        const updated = await updateConversation(write, row, patchOf(conversationTags(row)));
        await notifyAssigned(write, caller.agent, row, updated);
        await conversationEvents(write, fieldChangeEvents(row, updated));
        conversations.push(updated);
      }
      return { conversations };
    }),
  );

  registerRoute(app, MUTATION_ROUTES.tag, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const { name } = parseInput(tagBody, request.body);
      const suggested = tagSlugOf(name, 'name');
      const row = await findConversationForWrite(write, id);
      const addTag = await addTagChange(write, suggested, name);
      const updated = await updateConversation(write, row, addTag(conversationTags(row)));
      await conversationEvents(write, fieldChangeEvents(row, updated));
      return updated;
    }),
  );

  registerRoute(app, MUTATION_ROUTES.untag, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id, slug } = parseInput(conversationTagParams, request.params);
      const row = await findConversationForWrite(write, id);
      const updated = await updateConversation(write, row, removeTagChange(slug)(conversationTags(row)));
      await conversationEvents(write, fieldChangeEvents(row, updated));
      return updated;
    }),
  );

  registerRoute(app, MUTATION_ROUTES.status, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const { status } = parseInput(statusBody, request.body);
      const row = await findConversationForWrite(write, id);
      const updated = await updateConversation(write, row, statusChange(status)(conversationTags(row)));
      await conversationEvents(write, fieldChangeEvents(row, updated));
      return updated;
    }),
  );

  registerRoute(app, MUTATION_ROUTES.assign, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      const { id } = parseInput(conversationParams, request.params);
      const { agent_id } = parseInput(assignBody, request.body);
      const assign = await assigneeChange(write, agent_id, 'agent_id');
      const before = await findConversationForWrite(write, id);
      const updated = await updateConversation(write, before, assign(conversationTags(before)));
      await notifyAssigned(write, caller.agent, before, updated);
      await conversationEvents(write, fieldChangeEvents(before, updated));
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
      const row = await findConversationForWrite(write, id);
      // The first reading of an unread conversation is kept for reading_time (§3 Statistics);
      // a later one, or reading one already read, changes nothing.
      const firstRead = row.first_read_at ?? (row.is_unread ? write.now : null);
      return updateConversation(write, row, { is_unread: 0, first_read_at: firstRead });
    }),
  );
}
