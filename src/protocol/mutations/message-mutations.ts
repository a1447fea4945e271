import { z } from 'zod';
import { forwardBody, newConversationBody, noteBody, noteEditBody, replyBody } from '../api/conversation-requests';
import { draftIdField } from '../api/id-fields';
import { route } from '../api/route';
import { REPLY_HOLD_MAX_S, REPLY_HOLD_MIN_S } from '../constants';
import { conversationIdField, messageIdField } from './conversation-mutations';
import type { MutationEntries } from './mutation-entry';

/** A file already uploaded (`POST attachments/`): its id goes with the reply, its name and size make the optimistic list. */
const uploadedAttachment = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  size: z.number(),
  type: z.string(),
  url: z.string(),
});

/**
 * Set by the worker on a held reply: how long it is held, in seconds (the server's reply hold as
 * the device last heard it; the server holds it by its own). A row stored without it was held
 * PENDING_MESSAGE_DELAY_S.
 */
const heldDelay = z.number().int().min(REPLY_HOLD_MIN_S).max(REPLY_HOLD_MAX_S).optional();

/**
 * Replies, notes, forwards, a conversation started by email, undo and release of a held send, and
 * retry of a reply that was not delivered (§7 `conversations/{id}/reply`, `…/notes`, `…/undo`,
 * `…/release`, `…/retry`; `conversations/`).
 */
export const MESSAGE_MUTATIONS = {
  /**
   * `draft_id`: the agent's draft of this reply or note, deleted with the send (same transaction).
   * `attachments`: files already uploaded, at most as many as a reply takes.
   * `html`, `cc`, `bcc`: an email reply's formatting and its own copies (see `replyBody`).
   * The server's route takes the editor as a parameter (§7 `conversations/{id}/{editor}`): `reply`.
   */
  reply: {
    route: route('POST', 'conversations/:id/:editor'),
    args: z.object({
      conversation_id: conversationIdField,
      message: replyBody.shape.message,
      source: replyBody.shape.source,
      draft_id: draftIdField.optional(),
      attachments: z.array(uploadedAttachment).max(10).optional(),
      /** Set by the worker on a held reply: its device releases it at the end of its delay (`release`). */
      awaits_release: replyBody.shape.awaits_release,
      delay: heldDelay,
      html: replyBody.shape.html,
      cc: replyBody.shape.cc,
      bcc: replyBody.shape.bcc,
    }),
  },
  note: {
    route: route('POST', 'conversations/:id/notes'),
    args: z.object({
      conversation_id: conversationIdField,
      message: noteBody.shape.message,
      draft_id: draftIdField.optional(),
      attachments: z.array(uploadedAttachment).max(10).optional(),
      mentions: noteBody.shape.mentions,
    }),
  },
  /** The conversation (or the one message of `message_id`) forwarded by email; the thread gets a note of it. */
  forward: {
    route: route('POST', 'conversations/:id/forward'),
    args: z.object({
      conversation_id: conversationIdField,
      to: forwardBody.shape.to,
      note: forwardBody.shape.note,
      message_id: messageIdField.optional(),
    }),
  },
  /**
   * An email conversation the agent starts (`POST conversations/`). `conversation_id` is the
   * temporary id the tab chose (negative: no saved conversation has one), under which the
   * conversation shows until the server's copy replaces it; `agent_id` is the agent who writes.
   */
  'new-conversation': {
    route: route('POST', 'conversations/'),
    args: z.object({
      conversation_id: z.number().int().negative().min(-Number.MAX_SAFE_INTEGER),
      agent_id: z.number().int().positive(),
      /** Filled by the worker: the contact of `to`, when the device knows it. */
      contact_id: z.number().int().positive().optional(),
      /** Filled by the worker: how long its first message is held. */
      delay: heldDelay,
      to: newConversationBody.shape.to,
      subject: newConversationBody.shape.subject,
      message: newConversationBody.shape.message,
      html: newConversationBody.shape.html,
      cc: newConversationBody.shape.cc,
      bcc: newConversationBody.shape.bcc,
      attachments: z.array(uploadedAttachment).max(10).optional(),
    }),
  },
  'edit-note': {
    route: route('PATCH', 'conversations/:id/notes/:noteId'),
    args: z.object({ conversation_id: conversationIdField, note_id: messageIdField, message: noteEditBody.shape.message, mentions: noteEditBody.shape.mentions }),
  },
  'delete-note': { route: route('DELETE', 'conversations/:id/notes/:noteId'), args: z.object({ conversation_id: conversationIdField, note_id: messageIdField }) },
  undo: { route: route('POST', 'conversations/:id/messages/:messageId/undo'), args: z.object({ conversation_id: conversationIdField, message_id: messageIdField }) },
  /**
   * The device confirms its held reply at the end of its delay (`release_at`, epoch ms), unless
   * undone (§4). It goes with the reply, so it is not one of the agent's changes waiting.
   */
  release: {
    route: route('POST', 'conversations/:id/messages/:messageId/release'),
    background: true,
    args: z.object({ conversation_id: conversationIdField, message_id: messageIdField, release_at: z.number().int().nonnegative() }),
  },
  /** A reply that was not delivered (FAILED), sent again by its author once the cause is fixed. */
  retry: { route: route('POST', 'conversations/:id/messages/:messageId/retry'), args: z.object({ conversation_id: conversationIdField, message_id: messageIdField }) },
} satisfies MutationEntries;
