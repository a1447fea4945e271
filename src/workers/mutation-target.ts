import type { MutationInput, OutboxRow } from '../client-db/outbox-row';

/**
 * Which document a mutation's optimistic patch applies to, and in which lane it is sent.
 *
 * Keys are `${col}:${id}` (OutboxRow.target_key, BaseCopy.key). A reply or note creates a
 * temporary message `t-<uuid>`; rows that refer to it (an edit, a delete, an undo) target the
 * same temporary key until the server's id is known.
 */
export type TargetCol = 'conversations' | 'messages' | 'drafts';
export type Target = { col: TargetCol; id: string | number };

export const TEMP_ID_PREFIX = 't-';

export function isTempId(id: string): boolean {
  return id.startsWith(TEMP_ID_PREFIX);
}

export function newTempId(uuid: string): string {
  return TEMP_ID_PREFIX + uuid;
}

export function targetKey(target: Target): string {
  return `${target.col}:${target.id}`;
}

export function parseTargetKey(key: string): Target {
  const colon = key.indexOf(':');
  const col = key.slice(0, colon);
  const id = key.slice(colon + 1);
  if (col === 'conversations') return { col, id: Number(id) };
  if (col === 'messages' || col === 'drafts') return { col, id };
  throw new Error(`Not a target key: ${key}`);
}

/** The message a mutation refers to (a note being edited or deleted, a message being undone). */
export function messageRefOf(input: MutationInput): string | null {
  switch (input.kind) {
    case 'edit-note':
    case 'delete-note':
      return input.note_id;
    case 'undo':
      return input.message_id;
    default:
      return null;
  }
}

/** The same mutation referring to `to` instead of `from` (a temporary id the server replaced). */
export function withMessageRef(input: MutationInput, from: string, to: string): MutationInput {
  if ((input.kind === 'edit-note' || input.kind === 'delete-note') && input.note_id === from) return { ...input, note_id: to };
  if (input.kind === 'undo' && input.message_id === from) return { ...input, message_id: to };
  return input;
}

export function targetOf(input: MutationInput, tempId: string | null): Target {
  switch (input.kind) {
    case 'reply':
    case 'note':
      if (tempId === null) throw new Error(`A ${input.kind} needs a temporary id.`);
      return { col: 'messages', id: tempId };
    case 'edit-note':
    case 'delete-note':
      return { col: 'messages', id: input.note_id };
    case 'undo':
      return { col: 'messages', id: input.message_id };
    case 'tag':
    case 'untag':
    case 'status':
    case 'assign':
    case 'read':
    case 'add-recipient':
    case 'remove-recipient':
    case 'spam':
    case 'split':
      return { col: 'conversations', id: input.conversation_id };
    case 'bulk': {
      const first = input.conversation_ids[0];
      if (first === undefined) throw new Error('A bulk action needs a conversation.');
      return { col: 'conversations', id: first };
    }
    case 'draft':
    case 'share-draft':
      return { col: 'drafts', id: input.draft_id };
  }
}

/**
 * Every document a row's patch applies to: its target_key, for a bulk action each listed
 * conversation, for a split each message it moves (the row is indexed under its target_key;
 * pendingRowsFor finds it for the others).
 */
export function targetKeysOf(row: Pick<OutboxRow, 'args' | 'target_key'>): string[] {
  if (row.args.kind === 'split') return [row.target_key, ...(row.args.moved_ids ?? []).map((id) => targetKey({ col: 'messages', id }))];
  if (row.args.kind !== 'bulk') return [row.target_key];
  return [...new Set(row.args.conversation_ids)].map((id) => targetKey({ col: 'conversations', id }));
}

/**
 * Rows of one lane are sent one at a time, in seq order; lanes do not wait for each other.
 * The lane is the conversation: every mutation names one, and it keeps what must stay ordered
 * together (two replies, a note and its edit, a reply and its undo) while one conversation's
 * failing row never holds up another's.
 */
export function laneOf(row: Pick<OutboxRow, 'args'>): number {
  const input = row.args;
  return input.kind === 'bulk' ? (input.conversation_ids[0] ?? 0) : input.conversation_id;
}

/**
 * A bulk action belongs to the lane of every conversation it lists: it waits until it heads all
 * of them, so it stays ordered with each conversation's other rows.
 */
export function lanesOf(row: Pick<OutboxRow, 'args'>): number[] {
  const input = row.args;
  return input.kind === 'bulk' ? [...new Set(input.conversation_ids)] : [input.conversation_id];
}
