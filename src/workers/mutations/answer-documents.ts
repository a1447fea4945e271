import type { CollectionName } from '../../protocol/documents';
import type { AnswerDocuments } from './mutation-definition';

/**
 * Reading the server's copies out of a mutation's answer (pure). Answers come from our own server:
 * a document is trusted as typed once the fields that identify it are there.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isConversationDoc(value: Record<string, unknown>): boolean {
  return typeof value['id'] === 'number' && typeof value['version'] === 'number';
}

export function isMessageDoc(value: Record<string, unknown>): boolean {
  return typeof value['id'] === 'string' && typeof value['conversation_id'] === 'number' && typeof value['version'] === 'number';
}

export function isDraftDoc(value: Record<string, unknown>): boolean {
  return typeof value['id'] === 'string' && Array.isArray(value['shared_with']) && typeof value['version'] === 'number';
}

type Guard = (value: Record<string, unknown>) => boolean;

/** `value` when it is a document of that shape, else null. */
export function documentIn(value: unknown, guard: Guard): Record<string, unknown> | null {
  return isRecord(value) && guard(value) ? value : null;
}

/** The documents of that shape listed under `field` of the answer. */
export function documentsIn(body: unknown, field: string, guard: Guard): Record<string, unknown>[] {
  const listed = isRecord(body) ? body[field] : undefined;
  return Array.isArray(listed) ? listed.filter((doc): doc is Record<string, unknown> => isRecord(doc) && guard(doc)) : [];
}

export function putting(col: CollectionName, docs: Record<string, unknown>[]): AnswerDocuments {
  return { put: [{ col, docs }] };
}

/** An answer that is the conversation itself (most conversation actions), else none. */
export function conversationAnswer(body: unknown): AnswerDocuments | null {
  const doc = documentIn(body, isConversationDoc);
  return doc ? putting('conversations', [doc]) : null;
}

/** An answer that is the message or note itself, else none. */
export function messageAnswer(body: unknown): AnswerDocuments | null {
  const doc = documentIn(body, isMessageDoc);
  return doc ? putting('messages', [doc]) : null;
}

/** The draft of a draft call's answer (`{draft}`), or null when the draft is gone (`{draft: null}`) or missing. */
export function answeredDraft(body: unknown): Record<string, unknown> | null {
  return isRecord(body) ? documentIn(body['draft'], isDraftDoc) : null;
}
