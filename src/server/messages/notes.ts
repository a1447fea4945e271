import type { NoteBody, NoteEditBody } from '../../protocol/api/conversation-requests';
import type { Message } from '../../protocol/documents';
import { replyAttachments } from '../channels/outbound/reply-attachments';
import { updateConversation } from '../conversations/conversation-changes';
import { lastUpdateText } from '../conversations/conversation-model';
import type { AgentRow } from '../agents/agent-tables';
import type { ConversationRow } from '../conversations/conversation-tables';
import type { MessageRow } from './message-tables';
import { deleteSentDraft } from '../drafts/draft-writes';
import { notifyMentioned } from '../notifications/notify-teammate';
import { writeJsonListColumn } from '../db/json-column';
import { fieldError, notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { findMessageRow } from './message-queries';
import { insertMessage, updateMessage } from './message-writes';

/** Writes a note's row (with its feed change): the team's own entry, SENT at once and never held. */
export function insertNote(
  write: Write,
  conversation: ConversationRow,
  agentId: number,
  note: { message: string; attachments: string; targetId: string | null; mentions?: readonly number[] },
): Promise<Message> {
  return insertMessage(write, {
    conversation_id: conversation.id,
    type: 'NOTE',
    message: note.message,
    timestamp_ts: write.now,
    attachments: note.attachments,
    status: 'SENT',
    source: conversation.channel === 'CHAT' ? 'CHAT' : 'EMAIL',
    delay: 0,
    deliver_at: null,
    agent_id: agentId,
    contact_id: null,
    target_id: note.targetId,
    is_removed: 0,
    mentions: writeJsonListColumn(note.mentions),
  });
}

/** A note is for the team only: never delivered, so it is SENT at once and never held. */
export async function addNote(write: Write, conversation: ConversationRow, author: AgentRow, body: NoteBody): Promise<Message> {
  const mentions = await mentionedTeammates(write, body.mentions ?? []);
  const files = await replyAttachments(write, body.attachments ?? []);
  const note = await insertNote(write, conversation, author.id, {
    message: body.message,
    attachments: JSON.stringify(files.documents),
    targetId: body.target_id ?? null,
    mentions,
  });
  await notifyMentioned(write, author, conversation, { id: note.id, message: body.message, mentions });
  await files.attach(Number(note.id.slice(2)));
  await updateConversation(write, conversation, {
    last_update: lastUpdateText(body.message),
    last_update_ts: Math.max(Number(conversation.last_update_ts), write.now),
  });
  await deleteSentDraft(write, conversation, author.id, body.draft_id);
  return note;
}

/**
 * A note's new text. With `mentions` (the edited text's), they replace the note's, and whoever is
 * mentioned for the first time on this note is notified (the others were told already).
 */
export async function editNote(write: Write, conversation: ConversationRow, editor: AgentRow, note: MessageRow, body: NoteEditBody): Promise<Message> {
  if (body.mentions === undefined) return updateMessage(write, note.id, { message: body.message });
  const mentions = await mentionedTeammates(write, body.mentions);
  const edited = await updateMessage(write, note.id, { message: body.message, mentions: writeJsonListColumn(mentions) });
  await notifyMentioned(write, editor, conversation, { id: edited.id, message: body.message, mentions });
  return edited;
}

/** The mentioned teammates, each once; anyone not an active teammate of the organization is a 400. */
async function mentionedTeammates(write: Write, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await write.trx.selectFrom('agents').select('id').where('org_id', '=', write.orgId).where('is_removed', '=', 0).where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw fieldError('mentions', 'names someone who is not an active teammate');
  return unique;
}

/** A note of this conversation that is not removed; anything else is 404. */
export async function findNoteForWrite(write: Write, conversation: ConversationRow, noteId: string): Promise<MessageRow> {
  const row = await findMessageRow(write.trx, write.orgId, noteId);
  if (!row || row.type !== 'NOTE' || row.conversation_id !== conversation.id || row.is_removed !== 0) throw notFound();
  return row;
}

/** Flags the note removed (§4) and tells clients with a `delete`. */
export async function removeNote(write: Write, note: MessageRow, wireId: string): Promise<void> {
  await write.remove('messages', wireId, async (version) => {
    await write.trx.updateTable('messages').set({ is_removed: 1, version }).where('id', '=', note.id).execute();
  });
}
