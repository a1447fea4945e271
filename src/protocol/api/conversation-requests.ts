import { z } from 'zod';
import { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE } from '../constants';
import { CONVERSATION_STATUSES, MESSAGE_SOURCES, type Conversation, type Message } from '../documents';

/** Request shapes of the conversation calls (§7). */
export const conversationListQuery = z.object({
  search: z.string().max(500).optional(),
  order: z.enum(['priority', 'newest', 'oldest']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(CONVERSATION_PAGE_SIZE),
  /** Opaque, from the previous page's `next_cursor`. */
  cursor: z.string().max(200).optional(),
  /** Shorthands, ANDed with `search` as `is:` and `assigned:` terms: only this status… */
  status: z.enum(CONVERSATION_STATUSES, { error: 'must be OPENED, WAITING or CLOSED' }).optional(),
  /** …and assigned to the caller (`me`), to nobody (`none`) or to this agent id. */
  assignee: z.string().regex(/^(me|none|[1-9][0-9]{0,11})$/, { error: 'must be me, none or an agent id' }).optional(),
});
export type ConversationListQuery = z.input<typeof conversationListQuery>;

export const messagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
  /** A message id: only messages before it. */
  before: z.string().max(40).optional(),
});

const text = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(100_000, { error: 'is too long' });

export const replyBody = z.object({
  message: text,
  source: z.enum(MESSAGE_SOURCES).optional(),
  /** Client's temporary id, echoed as target_id. */
  target_id: z.string().max(80).optional(),
  /** When the agent pressed send (epoch ms): the delay counts from then, offline time included. */
  sent_at: z.number().int().positive().optional(),
  /** Files uploaded with `POST attachments/` (their ids), sent with the reply. */
  attachments: z
    .array(z.number({ error: 'must be attachment ids' }).int().positive().max(Number.MAX_SAFE_INTEGER), { error: 'must be a list of attachment ids' })
    .max(10, { error: 'must have at most 10 files' })
    .optional(),
});
export type ReplyBody = z.infer<typeof replyBody>;

export const noteBody = z.object({ message: text, target_id: z.string().max(80).optional() });
export type NoteBody = z.infer<typeof noteBody>;

export const tagBody = z.object({ name: z.string().trim().min(1, { error: 'is required' }).max(50, { error: 'is too long' }) });

export const statusBody = z.object({ status: z.enum(CONVERSATION_STATUSES, { error: 'must be OPENED, WAITING or CLOSED' }) });

export const assignBody = z.object({
  agent_id: z.number({ error: 'must be an agent id or null' }).int().positive().nullable(),
});

/** Most conversations one `POST conversations/bulk` may change. */
export const BULK_MAX_CONVERSATIONS = 500;

/** What `POST conversations/bulk` does to every listed conversation: exactly one of these. */
export const bulkAction = z.union([
  z.strictObject({ status: z.enum(CONVERSATION_STATUSES, { error: 'must be OPENED, WAITING or CLOSED' }) }),
  z.strictObject({ agent_id: z.number({ error: 'must be an agent id or null' }).int().positive().nullable() }),
  z.strictObject({ add_tag: z.string().trim().min(1, { error: 'is required' }).max(50, { error: 'is too long' }) }),
  z.strictObject({ remove_tag: z.string().min(1, { error: 'is required' }).max(100, { error: 'is too long' }) }),
], { error: 'must be one of status, agent_id, add_tag or remove_tag' });
export type BulkAction = z.infer<typeof bulkAction>;

/** `POST conversations/bulk` (200 `{ conversations }`): all or nothing, in one transaction. */
export const bulkBody = z.object({
  ids: z
    .array(z.number({ error: 'must be conversation ids' }).int().positive().max(Number.MAX_SAFE_INTEGER), { error: 'must be a list of conversation ids' })
    .min(1, { error: 'must not be empty' })
    .max(BULK_MAX_CONVERSATIONS, { error: `must have at most ${BULK_MAX_CONVERSATIONS} ids` }),
  action: bulkAction,
});
export type BulkBody = z.infer<typeof bulkBody>;
export type BulkResponse = { conversations: Conversation[] };

/** `PATCH conversations/{id}/notes/{noteId}`. */
export const noteEditBody = z.object({ message: text });
export type NoteEditBody = z.infer<typeof noteEditBody>;

const idParam = z.coerce
  .number({ error: 'is not a valid id' })
  .int({ error: 'is not a valid id' })
  .positive({ error: 'is not a valid id' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'is not a valid id' });

/** Path parameters: `conversations/{id}/…`, `…/notes/{noteId}`, `…/tags/{slug}`, `…/messages/{messageId}/undo`. */
export const conversationParams = z.object({ id: idParam });
export const noteParams = z.object({ id: idParam, noteId: z.string().max(40) });
export const conversationTagParams = z.object({ id: idParam, slug: z.string().max(100) });
export const messageParams = z.object({ id: idParam, messageId: z.string().max(40) });
export const contactParams = z.object({ id: idParam });

/** `POST conversations/{id}/{editor}`: only `reply` exists so far; other editors answer 404. */
export const EDITORS = ['reply'] as const;
export const editorParams = z.object({ id: idParam, editor: z.string().max(40) });

/** A page of conversations. */
export type ConversationPage<T = Conversation> = { conversations: T[]; next_cursor: string | null };

/** `GET conversations/{id}/messages/`: oldest first within the page; `has_more` when older ones exist. */
export type MessagePage = { messages: Message[]; has_more: boolean };

/** `POST conversations/{id}/reply` (201). */
export type ReplyResponse = { message: Message; generated_id: string };
