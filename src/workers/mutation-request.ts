import type { OutboxRow } from '../client-db/outbox-row';
import type { TargetCol } from './mutation-target';

/** The REST call of an outbox row (pure; §7), relative to the API base. */
export type MutationRequest = { method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: unknown };

export function mutationRequest(row: Pick<OutboxRow, 'args' | 'temp_id' | 'created_at'>): MutationRequest {
  const input = row.args;
  if (input.kind === 'bulk') return { method: 'POST', path: 'conversations/bulk', body: { ids: input.conversation_ids, action: input.action } };
  const conversation = `conversations/${input.conversation_id}`;
  switch (input.kind) {
    case 'reply': {
      const body: Record<string, unknown> = { message: input.message, target_id: row.temp_id, sent_at: row.created_at };
      if (input.source !== undefined) body['source'] = input.source;
      if (input.attachments?.length) body['attachments'] = input.attachments.map((file) => file.id);
      return { method: 'POST', path: `${conversation}/reply`, body };
    }
    case 'note':
      return { method: 'POST', path: `${conversation}/notes`, body: { message: input.message, target_id: row.temp_id } };
    case 'edit-note':
      return { method: 'PATCH', path: `${conversation}/notes/${encodeURIComponent(input.note_id)}`, body: { message: input.message } };
    case 'delete-note':
      return { method: 'DELETE', path: `${conversation}/notes/${encodeURIComponent(input.note_id)}` };
    case 'tag':
      return { method: 'POST', path: `${conversation}/tags`, body: { name: input.name } };
    case 'untag':
      return { method: 'DELETE', path: `${conversation}/tags/${encodeURIComponent(input.slug)}` };
    case 'status':
      return { method: 'POST', path: `${conversation}/status`, body: { status: input.status } };
    case 'assign':
      return { method: 'POST', path: `${conversation}/assign`, body: { agent_id: input.agent_id } };
    case 'read':
      return { method: 'POST', path: `${conversation}/read` };
    case 'undo':
      return { method: 'POST', path: `${conversation}/messages/${encodeURIComponent(input.message_id)}/undo` };
    case 'add-recipient':
      return { method: 'POST', path: `${conversation}/recipients`, body: { email: input.email } };
    case 'remove-recipient':
      return { method: 'DELETE', path: `${conversation}/recipients/${encodeURIComponent(input.email)}` };
    case 'spam':
      return { method: 'POST', path: `${conversation}/spam`, body: { block: input.block } };
    case 'split':
      return { method: 'POST', path: `${conversation}/split`, body: { message_id: input.message_id } };
    case 'draft':
      return { method: 'PATCH', path: `${conversation}/drafts/`, body: { draft_id: input.draft_id, attributes: { message: input.message, type: input.type } } };
    case 'share-draft':
      return { method: 'POST', path: `${conversation}/drafts/share`, body: { draft_id: input.draft_id, target_id: input.target_id } };
  }
}

export type ResponseDocument = { col: TargetCol; doc: Record<string, unknown> };

/**
 * The server's copy of the document a successful mutation answered with, if it answered with
 * one: a reply's `{message, generated_id}`, a Message, or a Conversation.
 */
export function responseDocument(row: Pick<OutboxRow, 'args'>, body: unknown): ResponseDocument | null {
  if (!isRecord(body)) return null;
  switch (row.args.kind) {
    case 'reply': {
      const message = body['message'];
      return isRecord(message) && isMessageDoc(message) ? { col: 'messages', doc: message } : null;
    }
    case 'note':
    case 'edit-note':
    case 'delete-note':
    case 'undo':
      return isMessageDoc(body) ? { col: 'messages', doc: body } : null;
    case 'bulk':
    case 'split':
      return null;
    case 'draft':
    case 'share-draft': {
      // `{draft: null}`: the draft is deleted (see settleSuccess).
      const draft = body['draft'];
      return isRecord(draft) && isDraftDoc(draft) ? { col: 'drafts', doc: draft } : null;
    }
    default:
      return isConversationDoc(body) ? { col: 'conversations', doc: body } : null;
  }
}

/** The server's copies a split answered with: the new and the source conversation, the moved messages. */
export function splitResponseDocuments(body: unknown): { conversations: Record<string, unknown>[]; messages: Record<string, unknown>[] } {
  if (!isRecord(body)) return { conversations: [], messages: [] };
  const conversations = [body['conversation'], body['source']].filter((doc): doc is Record<string, unknown> => isRecord(doc) && isConversationDoc(doc));
  const listed = Array.isArray(body['messages']) ? (body['messages'] as unknown[]) : [];
  return { conversations, messages: listed.filter((doc): doc is Record<string, unknown> => isRecord(doc) && isMessageDoc(doc)) };
}

/** The server's copies of the conversations a bulk action answered with (`{conversations}`). */
export function bulkResponseDocuments(body: unknown): Record<string, unknown>[] {
  if (!isRecord(body) || !Array.isArray(body['conversations'])) return [];
  return body['conversations'].filter((doc): doc is Record<string, unknown> => isRecord(doc) && isConversationDoc(doc));
}

function isMessageDoc(value: Record<string, unknown>): boolean {
  return typeof value['id'] === 'string' && typeof value['conversation_id'] === 'number' && typeof value['version'] === 'number';
}

function isDraftDoc(value: Record<string, unknown>): boolean {
  return typeof value['id'] === 'string' && Array.isArray(value['shared_with']) && typeof value['version'] === 'number';
}

function isConversationDoc(value: Record<string, unknown>): boolean {
  return typeof value['id'] === 'number' && typeof value['version'] === 'number';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
