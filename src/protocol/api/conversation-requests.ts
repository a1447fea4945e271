import { z } from 'zod';
import { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE } from '../constants';
import { CONVERSATION_STATUSES, MESSAGE_SOURCES, type Conversation, type Message } from '../documents';
import { suggestSlug } from '../slug';
import { draftIdField, idNumber, idParam, messageIdParam } from './id-fields';
import { recipientEmailField } from './recipient-email';
import { multiLineText, singleLineText } from './text-fields';

/** Request shapes of the conversation calls (§7). */
export const conversationListQuery = z.object({
  search: singleLineText().max(500).optional(),
  order: z.enum(['priority', 'newest', 'oldest']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(CONVERSATION_PAGE_SIZE),
  /** Opaque, from the previous page's `next_cursor`. */
  cursor: singleLineText().max(200).optional(),
  /** Shorthands, ANDed with `search` as `is:` and `assigned:` terms: only this status… */
  status: z.enum(CONVERSATION_STATUSES, { error: 'must be OPENED, WAITING or CLOSED' }).optional(),
  /** …and assigned to the caller (`me`), to nobody (`none`) or to this agent id. */
  assignee: z.string().regex(/^(me|none|[1-9][0-9]{0,11})$/, { error: 'must be me, none or an agent id' }).optional(),
});
export type ConversationListQuery = z.input<typeof conversationListQuery>;

/** `GET conversations/status`: `complete=true` adds the figures that cost a scan (reading_time); without it they are null. */
export const conversationStatisticsQuery = z.object({
  complete: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

export const messagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
  /** A message id: only messages before it. */
  before: messageIdParam('is not a message id').optional(),
});

const text = multiLineText().trim().min(1, { error: 'is required' }).max(100_000, { error: 'is too long' });

/** Longest formatted body a reply may carry (its text is limited to 100,000 characters). */
export const MAX_REPLY_HTML = 400_000;
/** Most addresses one reply may copy (CC and BCC each). */
export const MAX_REPLY_COPIES = 20;

const attachmentIds = z
  .array(idNumber('must be attachment ids'), { error: 'must be a list of attachment ids' })
  .max(10, { error: 'must have at most 10 files' })
  .optional();

/** A reply's (or its draft's) CC or BCC addresses. */
export const copyList = z
  .array(recipientEmailField, { error: 'must be a list of addresses' })
  .max(MAX_REPLY_COPIES, { error: `must have at most ${MAX_REPLY_COPIES} addresses` });

export const replyBody = z.object({
  message: text,
  source: z.enum(MESSAGE_SOURCES).optional(),
  /** Client's temporary id, echoed as target_id. */
  target_id: singleLineText().max(80).optional(),
  /** When the agent pressed send (epoch ms): the delay counts from then, offline time included. */
  sent_at: z.number().int().positive().optional(),
  /** Files uploaded with `POST attachments/` (their ids), sent with the reply. */
  attachments: attachmentIds,
  /**
   * The sending device confirms the held reply at the end of its delay (`…/release`): the server
   * delivers then, or RELEASE_GRACE_S later if the device is not heard from.
   */
  awaits_release: z.boolean().optional(),
  /**
   * Email only: the body as the agent formatted it (`message` is its plain text). Sanitised by
   * the server like received mail; inline images name their file as `cid:attachment-<id>`, one
   * of `attachments`.
   */
  html: multiLineText().max(MAX_REPLY_HTML, { error: 'is too long' }).optional(),
  /** Email only: more addresses this one reply goes to, in copy and in blind copy. */
  cc: copyList.optional(),
  bcc: copyList.optional(),
  /**
   * The caller's draft the reply was written in (`d-<caller's id>-…`, of this conversation): it is
   * deleted in the reply's transaction, so the sent words never come back as a draft on another
   * device, whatever happens to the device that sent them afterwards.
   */
  draft_id: draftIdField.optional(),
});
export type ReplyBody = z.infer<typeof replyBody>;

/** Longest subject of a conversation an agent starts. */
export const MAX_SUBJECT_LENGTH = 250;

/**
 * `POST conversations/`: an agent starts an email conversation with `to` (a contact, found or
 * created by address). Its first message is a reply held like any other (§4), from `from` (a
 * support address of the organization on a verified domain; the first such address without
 * it). The conversation is assigned to the caller.
 */
export const newConversationBody = z.object({
  to: recipientEmailField,
  subject: singleLineText().trim().min(1, { error: 'is required' }).max(MAX_SUBJECT_LENGTH, { error: 'is too long' }),
  message: text,
  from: recipientEmailField.optional(),
  html: replyBody.shape.html,
  cc: copyList.optional(),
  bcc: copyList.optional(),
  attachments: attachmentIds,
  target_id: replyBody.shape.target_id,
  sent_at: replyBody.shape.sent_at,
});
export type NewConversationBody = z.infer<typeof newConversationBody>;

/** `POST conversations/` (201): the conversation and its first message. */
export type NewConversationResponse = { conversation: Conversation; message: Message; generated_id: string };
/** Most teammates one note may @mention. */
export const MAX_NOTE_MENTIONS = 20;

/** A note's @mentioned teammates (their agent ids): each is notified once per note, when the note (or an edit naming them) reaches the server. */
export const mentionsField = z
  .array(z.number({ error: 'must be a list of teammate ids' }).int().positive(), { error: 'must be a list of teammate ids' })
  .max(MAX_NOTE_MENTIONS, { error: `can name at most ${MAX_NOTE_MENTIONS} teammates` });

export const noteBody = z.object({
  message: text,
  target_id: singleLineText().max(80).optional(),
  /** Files uploaded with `POST attachments/` (their ids), kept with the note. */
  attachments: attachmentIds,
  mentions: mentionsField.optional(),
  /** The caller's draft the note was written in: deleted with it (as a reply's `draft_id`). */
  draft_id: replyBody.shape.draft_id,
});
export type NoteBody = z.infer<typeof noteBody>;

/** Most addresses one forward may go to. */
export const MAX_FORWARD_RECIPIENTS = 20;

/**
 * `POST conversations/{id}/forward`: the conversation's messages (or the one of `message_id`)
 * go by email to `to`, quoted under the agent's optional `note`; the thread keeps a note saying so.
 */
export const forwardBody = z.object({
  to: z
    .array(recipientEmailField, { error: 'must be a list of addresses' })
    .min(1, { error: 'needs at least one address' })
    .max(MAX_FORWARD_RECIPIENTS, { error: `must have at most ${MAX_FORWARD_RECIPIENTS} addresses` }),
  note: multiLineText().trim().max(10_000, { error: 'is too long' }).optional(),
  /** One message of the conversation; the whole conversation without it. */
  message_id: messageIdParam('is not a message id').optional(),
  target_id: singleLineText().max(80).optional(),
});
export type ForwardBody = z.infer<typeof forwardBody>;

/**
 * A tag's name as an agent types it: its slug (suggestSlug) must not be empty. The server and the
 * worker (before queueing, offline too) refuse "!!!" with the same text.
 */
export const tagNameField = () =>
  singleLineText()
    .trim()
    .min(1, { error: 'is required' })
    .max(50, { error: 'is too long' })
    .refine((name) => suggestSlug(name) !== '', { error: 'must contain a letter or a digit' });

export const tagBody = z.object({ name: tagNameField() });

export const statusBody = z.object({ status: z.enum(CONVERSATION_STATUSES, { error: 'must be OPENED, WAITING or CLOSED' }) });

/** The longest snooze: about a year. */
export const SNOOZE_MAX_MS = 366 * 24 * 3600_000;

/**
 * `POST conversations/{id}/snooze`: out of the lists until `until` (epoch ms, in the future,
 * within SNOOZE_MAX_MS), or back at once with null. The server wakes it at that time, or
 * earlier when the customer writes.
 */
export const snoozeBody = z.object({
  until: z.number({ error: 'must be a time or null' }).int({ error: 'must be a time or null' }).positive({ error: 'must be a time or null' }).nullable(),
});

export const assignBody = z.object({
  agent_id: idNumber('must be an agent id or null').nullable(),
});

/** Most conversations one `POST conversations/bulk` may change. */
export const BULK_MAX_CONVERSATIONS = 500;

/** What `POST conversations/bulk` does to every listed conversation: exactly one of these. */
export const bulkAction = z.union([
  z.strictObject({ status: z.enum(CONVERSATION_STATUSES, { error: 'must be OPENED, WAITING or CLOSED' }) }),
  z.strictObject({ agent_id: idNumber('must be an agent id or null').nullable() }),
  z.strictObject({ add_tag: tagNameField() }),
  z.strictObject({ remove_tag: singleLineText().min(1, { error: 'is required' }).max(100, { error: 'is too long' }) }),
], { error: 'must be one of status, agent_id, add_tag or remove_tag' });
export type BulkAction = z.infer<typeof bulkAction>;

/** `POST conversations/bulk` (200 `{ conversations }`): all or nothing, in one transaction. */
export const bulkBody = z.object({
  ids: z
    .array(idNumber('must be conversation ids'), { error: 'must be a list of conversation ids' })
    .min(1, { error: 'must not be empty' })
    .max(BULK_MAX_CONVERSATIONS, { error: `must have at most ${BULK_MAX_CONVERSATIONS} ids` }),
  action: bulkAction,
});
export type BulkBody = z.infer<typeof bulkBody>;
export type BulkResponse = { conversations: Conversation[] };

/**
 * `PATCH conversations/{id}/notes/{noteId}`. `mentions`, when given, are the edited text's
 * @mentions: they replace the note's, and a teammate mentioned for the first time is notified.
 */
export const noteEditBody = z.object({ message: text, mentions: mentionsField.optional() });
export type NoteEditBody = z.infer<typeof noteEditBody>;

/** Path parameters: `conversations/{id}/…`, `…/notes/{noteId}`, `…/tags/{slug}`, `…/messages/{messageId}/undo`. */
export const conversationParams = z.object({ id: idParam });
export const noteParams = z.object({ id: idParam, noteId: messageIdParam('is not a note id') });
export const conversationTagParams = z.object({ id: idParam, slug: singleLineText().max(100) });
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
