import type { FastifyInstance } from 'fastify';
import { mergeBody, recipientBody, recipientParams, spamBody, splitBody } from '../../protocol/api/conversation-actions';
import { conversationParams } from '../../protocol/api/conversation-requests';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import type { AppContext } from '../app-context';
import { requireSession } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import { findConversationForWrite } from './conversation-changes';
import { addRecipient, removeRecipient } from './conversation-recipients';
import { markSpam } from './mark-spam';
import { mergeConversation } from './merge-conversation';
import { splitConversation } from './split-conversation';

/** Conversation actions of §7: CC recipients, split, merge, spam. Each is one idempotent mutation. */
export function registerConversationActionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, MUTATION_ROUTES['add-recipient'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const { email } = parseInput(recipientBody, request.body);
      return addRecipient(write, await findConversationForWrite(write, id), email);
    }),
  );

  registerRoute(app, MUTATION_ROUTES['remove-recipient'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id, email } = parseInput(recipientParams, request.params);
      return removeRecipient(write, await findConversationForWrite(write, id), email);
    }),
  );

  registerRoute(app, MUTATION_ROUTES.split, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const { message_id } = parseInput(splitBody, request.body);
      return splitConversation(write, await findConversationForWrite(write, id), message_id);
    }),
  );

  registerRoute(app, MUTATION_ROUTES.merge, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(conversationParams, request.params);
      const conversation = await findConversationForWrite(write, id);
      const { into } = parseInput(mergeBody, request.body);
      return mergeConversation(write, conversation, into);
    }),
  );

  registerRoute(app, MUTATION_ROUTES.spam, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      const { id } = parseInput(conversationParams, request.params);
      const { block } = parseInput(spamBody, request.body);
      return markSpam(write, await findConversationForWrite(write, id), block, caller.agent.id);
    }),
  );
}
