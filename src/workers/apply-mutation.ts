import type { LocalMessage } from '../client-db/inbox-database';
import type { MutationInput, OutboxRow } from '../client-db/outbox-row';
import type { BulkAction } from '../protocol/api/conversation-requests';
import { CHAT_MESSAGE_DELAY_S, PENDING_MESSAGE_DELAY_S, REMOVAL_ANIMATION_MS } from '../protocol/constants';
import type { Conversation, Draft } from '../protocol/documents';
import { isBlankDraft } from '../protocol/drafts';
import { applyActionPatch } from './conversation-action-patch';

/**
 * The optimistic patches (pure). The visible document is the server's copy (the base) with every
 * pending row applied in seq order: `rows.reduce((doc, row) => applyMutation(doc, row, now), base)`.
 * Rolling a row back is recomputing without it, so a rollback never writes stale values over a
 * newer base.
 */
export type VisibleDoc = Conversation | LocalMessage | Draft;
export type PatchRow = Pick<OutboxRow, 'args' | 'created_at' | 'temp_id'> & { id?: number };

export function applyMutation(doc: VisibleDoc | null, row: PatchRow, now: number): VisibleDoc | null {
  const input = row.args;
  switch (input.kind) {
    case 'tag':
    case 'untag':
    case 'status':
    case 'assign':
    case 'read':
      return applyConversationPatch(doc !== null && isConversation(doc) ? doc : null, input);
    case 'bulk':
      if (doc === null || !isConversation(doc) || !input.conversation_ids.includes(doc.id)) return doc;
      return applyConversationPatch(doc, bulkAsSingle(input.action, doc.id));
    case 'add-recipient':
    case 'remove-recipient':
    case 'spam':
    case 'split':
      return applyActionPatch(doc, input);
    case 'draft':
    case 'share-draft':
      return applyDraftPatch(doc !== null && isDraft(doc) ? doc : null, row);
    default:
      return applyMessagePatch(doc !== null && isMessage(doc) ? doc : null, row, now);
  }
}

/** What a bulk action does to one conversation, as the single-conversation mutation. */
export function bulkAsSingle(action: BulkAction, conversationId: number): ConversationInput {
  if ('status' in action) return { kind: 'status', conversation_id: conversationId, status: action.status };
  if ('agent_id' in action) return { kind: 'assign', conversation_id: conversationId, agent_id: action.agent_id };
  if ('add_tag' in action) return { kind: 'tag', conversation_id: conversationId, name: action.add_tag };
  return { kind: 'untag', conversation_id: conversationId, slug: action.remove_tag };
}

export function isConversation(doc: VisibleDoc): doc is Conversation {
  return typeof doc.id === 'number';
}

export function isDraft(doc: VisibleDoc): doc is Draft {
  return 'shared_with' in doc;
}

function isMessage(doc: VisibleDoc): doc is LocalMessage {
  return !isConversation(doc) && !isDraft(doc);
}

/**
 * A draft is saved whole: the row's text and type become the draft's (a blank text deletes it),
 * keeping who it is shared with. Sharing adds the teammate once.
 */
export function applyDraftPatch(doc: Draft | null, row: PatchRow): Draft | null {
  const input = row.args;
  if (input.kind === 'share-draft') {
    if (doc === null || doc.shared_with.includes(input.target_id)) return doc;
    return { ...doc, shared_with: [...doc.shared_with, input.target_id] };
  }
  if (input.kind !== 'draft') return doc;
  if (isBlankDraft(input.message)) return null;
  return {
    id: input.draft_id,
    conversation_id: input.conversation_id,
    agent_id: doc?.agent_id ?? input.agent_id,
    type: input.type,
    message: input.message,
    shared_with: doc?.shared_with ?? [],
    updated_at: row.created_at,
    version: doc?.version ?? 0,
  };
}

type ConversationInput = Extract<MutationInput, { kind: 'tag' | 'untag' | 'status' | 'assign' | 'read' }>;

export function applyConversationPatch(doc: Conversation | null, input: ConversationInput): Conversation | null {
  if (doc === null) return null;
  switch (input.kind) {
    case 'tag': {
      // §5: a tag is added only if not already present.
      const slug = tagSlug(input.name);
      return doc.tags.includes(slug) ? doc : { ...doc, tags: [...doc.tags, slug] };
    }
    case 'untag':
      // §5: untag only if present.
      return doc.tags.includes(input.slug) ? { ...doc, tags: doc.tags.filter((tag) => tag !== input.slug) } : doc;
    case 'status':
      return { ...doc, status: input.status };
    case 'assign':
      return { ...doc, agent_id: input.agent_id };
    case 'read':
      return { ...doc, is_unread: false };
  }
}

export function applyMessagePatch(doc: LocalMessage | null, row: PatchRow, now: number): LocalMessage | null {
  const input = row.args;
  switch (input.kind) {
    case 'reply':
    case 'note':
      return temporaryMessage(row);
    case 'edit-note':
      return doc && { ...doc, message: input.message };
    case 'delete-note':
      // §4: flagged removed while it animates out, then dropped.
      if (doc === null || now >= row.created_at + REMOVAL_ANIMATION_MS) return null;
      return { ...doc, is_removed: true };
    case 'undo':
      return doc && { ...doc, status: 'CANCELLED', deliver_at: null };
    default:
      return doc;
  }
}

/** §4: a non-chat reply is held 10 s, a chat reply 0 s; a note is not delivered at all. */
export function replyDelaySeconds(source: string | undefined): number {
  return source === 'CHAT' ? CHAT_MESSAGE_DELAY_S : PENDING_MESSAGE_DELAY_S;
}

function temporaryMessage(row: PatchRow): LocalMessage | null {
  const input = row.args;
  if ((input.kind !== 'reply' && input.kind !== 'note') || row.temp_id === null) return null;
  const isReply = input.kind === 'reply';
  const delay = isReply ? replyDelaySeconds(input.source) : 0;
  const message: LocalMessage = {
    id: row.temp_id,
    conversation_id: input.conversation_id,
    type: isReply ? 'MESSAGE' : 'NOTE',
    message: input.message,
    timestamp: new Date(row.created_at).toISOString(),
    timestamp_ts: row.created_at,
    attachments: isReply ? (input.attachments ?? []).map(({ name, size, type, url }) => ({ name, size, type, url })) : [],
    status: 'PENDING',
    source: isReply ? (input.source ?? 'EMAIL') : 'EMAIL',
    delay,
    deliver_at: isReply ? row.created_at + delay * 1000 : null,
    agent_id: null,
    contact_id: null,
    target_id: row.temp_id,
    version: 0,
  };
  if (row.id !== undefined) message.outbox_id = row.id;
  return message;
}

/** The optimistic slug of a tag name; the server's answer replaces it. */
export function tagSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
