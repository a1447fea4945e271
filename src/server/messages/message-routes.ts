import { REST_ROUTES } from '../../protocol/api/rest-routes';
import type { FastifyInstance } from 'fastify';
import {
  conversationParams,
  EDITORS,
  editorParams,
  forwardBody,
  messageParams,
  messagesQuery,
  newConversationBody,
  noteBody,
  noteEditBody,
  noteParams,
  replyBody,
} from '../../protocol/api/conversation-requests';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import type { AppContext } from '../app-context';
import { forwardConversation } from '../channels/outbound/forward-email';
import { findConversationForWrite } from '../conversations/conversation-changes';
import { findConversationRow } from '../conversations/conversation-queries';
import { startConversation } from '../conversations/start-conversation';
import { requireSession, signedIn } from '../http/auth-hook';
import { fieldError, notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import { answerListing } from '../realtime/streamed-get';
import { findMessageRow, listMessages } from './message-queries';
import { addNote, editNote, findNoteForWrite, removeNote } from './notes';
import { saveReply, type ReplyHold } from './save-reply';
import { conversationEvent } from '../rules/rule-engine';
import { releaseMessage } from './release-message';
import { retryMessage } from './retry-message';
import { undoMessage } from './undo-message';

/**
 * A conversation's thread: read it (streamable), start a conversation by email, reply, notes,
 * forward by email, undo and release of a held send, retry of a reply that was not delivered.
 */
export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);
  const hold: ReplyHold = { holdSeconds: ctx.config.replyHoldS, releaseGraceMs: ctx.config.releaseGraceMs };

  registerRoute(app, REST_ROUTES.conversationMessages, { preHandler }, (request, reply) =>
    answerListing(ctx, request, reply, 'messages', async () => {
      const orgId = signedIn(request).organization.id;
      const { id } = parseInput(conversationParams, request.params);
      const { limit, before } = parseInput(messagesQuery, request.query);
      if (!(await findConversationRow(ctx.db, orgId, id))) throw notFound();
      const beforeRow = before === undefined ? null : await findMessageRow(ctx.db, orgId, before);
      if (before !== undefined && beforeRow?.conversation_id !== id) throw fieldError('before', 'is not a message of this conversation');
      const page = await listMessages(ctx.db, orgId, id, { limit, before: beforeRow ?? null });
      return { documents: page.messages, info: { has_more: page.has_more }, body: page };
    }),
  );

  registerRoute(app, MUTATION_ROUTES['new-conversation'], { preHandler }, (request, reply) =>
    runMutation(
      ctx,
      request,
      reply,
      async (write, caller) => {
        const body = parseInput(newConversationBody, request.body);
        const { answer, deliverAt } = await startConversation(write, caller.agent.id, body, hold);
        if (deliverAt !== null) write.afterCommit(() => ctx.jobs.wake(deliverAt));
        await conversationEvent(write, { trigger: 'created_by_agent', conversationId: answer.conversation.id, text: body.message });
        return answer;
      },
      { status: 201 },
    ),
  );

  registerRoute(app, MUTATION_ROUTES.reply, { preHandler }, (request, reply) =>
    runMutation(
      ctx,
      request,
      reply,
      async (write, caller) => {
        const { id, editor } = parseInput(editorParams, request.params);
        if (!(EDITORS as readonly string[]).includes(editor)) throw notFound();
        const body = parseInput(replyBody, request.body);
        const conversation = await findConversationForWrite(write, id);
        const { answer, deliverAt } = await saveReply(write, conversation, caller.agent.id, body, hold);
        if (deliverAt !== null) write.afterCommit(() => ctx.jobs.wake(deliverAt));
        await conversationEvent(write, { trigger: 'agent_replied', conversationId: conversation.id, text: body.message });
        return answer;
      },
      { status: 201 },
    ),
  );

  registerRoute(app, MUTATION_ROUTES.note, { preHandler }, (request, reply) =>
    runMutation(
      ctx,
      request,
      reply,
      async (write, caller) => {
        const { id } = parseInput(conversationParams, request.params);
        const body = parseInput(noteBody, request.body);
        const note = await addNote(write, await findConversationForWrite(write, id), caller.agent, body);
        await conversationEvent(write, { trigger: 'note_added', conversationId: id, text: note.message });
        return note;
      },
      { status: 201 },
    ),
  );

  registerRoute(app, MUTATION_ROUTES.forward, { preHandler }, (request, reply) =>
    runMutation(
      ctx,
      request,
      reply,
      async (write, caller) => {
        const { id } = parseInput(conversationParams, request.params);
        const conversation = await findConversationForWrite(write, id);
        const body = parseInput(forwardBody, request.body);
        return forwardConversation(ctx.channels.forwarding, write, conversation, caller.agent.id, body);
      },
      { status: 201 },
    ),
  );

  registerRoute(app, MUTATION_ROUTES['edit-note'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id, noteId } = parseInput(noteParams, request.params);
      const body = parseInput(noteEditBody, request.body);
      const conversation = await findConversationForWrite(write, id);
      const note = await findNoteForWrite(write, conversation, noteId);
      return editNote(write, conversation, signedIn(request).agent, note, body);
    }),
  );

  registerRoute(app, MUTATION_ROUTES['delete-note'], { preHandler }, (request, reply) =>
    runMutation(
      ctx,
      request,
      reply,
      async (write) => {
        const { id, noteId } = parseInput(noteParams, request.params);
        const note = await findNoteForWrite(write, await findConversationForWrite(write, id), noteId);
        await removeNote(write, note, noteId);
        return undefined;
      },
      { status: 204 },
    ),
  );

  registerRoute(app, MUTATION_ROUTES.undo, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      const { id, messageId } = parseInput(messageParams, request.params);
      return undoMessage(write, id, messageId, caller.agent.id);
    }),
  );

  registerRoute(app, MUTATION_ROUTES.release, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      const { id, messageId } = parseInput(messageParams, request.params);
      const { message, runAt } = await releaseMessage(write, id, messageId, caller.agent.id);
      if (runAt !== null) write.afterCommit(() => ctx.jobs.wake(runAt));
      return message;
    }),
  );

  registerRoute(app, MUTATION_ROUTES.retry, { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write, caller) => {
      const { id, messageId } = parseInput(messageParams, request.params);
      const { message, runAt } = await retryMessage(write, id, messageId, caller.agent.id);
      if (runAt !== null) write.afterCommit(() => ctx.jobs.wake(runAt));
      return message;
    }),
  );
}
