import type { FastifyInstance } from 'fastify';
import { conversationParams } from '../../protocol/api/conversation-requests';
import { draftPatchBody, draftShareBody, type DraftResponse } from '../../protocol/api/draft-requests';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import type { AppContext } from '../app-context';
import { findConversationForWrite } from '../conversations/conversation-changes';
import { requireSession } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import { saveDraft, shareDraft } from './draft-writes';

/**
 * Drafts (§7): save (or delete) one of the caller's drafts, and share it with a teammate. Both
 * are idempotent mutations; another organization's conversation is 404 like a missing one.
 */
export function registerDraftRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);

  registerRoute(app, MUTATION_ROUTES.draft, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller): Promise<DraftResponse> => {
      const { id } = parseInput(conversationParams, request.params);
      const body = parseInput(draftPatchBody, request.body);
      const conversation = await findConversationForWrite(write, id);
      return { draft: await saveDraft(write, conversation, caller.agent.id, body) };
    }),
  );

  registerRoute(app, MUTATION_ROUTES['share-draft'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller): Promise<DraftResponse> => {
      const { id } = parseInput(conversationParams, request.params);
      const body = parseInput(draftShareBody, request.body);
      const conversation = await findConversationForWrite(write, id);
      return { draft: await shareDraft(write, conversation, caller.agent, body) };
    }),
  );
}
