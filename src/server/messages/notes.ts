import type { NoteBody } from '../../protocol/api/conversation-requests';
import type { Message } from '../../protocol/documents';
import { updateConversation } from '../conversations/conversation-changes';
import { lastUpdateText } from '../conversations/conversation-model';
import type { ConversationRow, MessageRow } from '../db/database';
import { notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { findMessageRow } from './message-queries';
import { insertMessage } from './message-writes';

/** A note is for the team only: never delivered, so it is SENT at once and never held. */
export async function addNote(write: Write, conversation: ConversationRow, agentId: number, body: NoteBody): Promise<Message> {
  const note = await insertMessage(write, {
    conversation_id: conversation.id,
    type: 'NOTE',
    message: body.message,
    timestamp_ts: write.now,
    attachments: '[]',
    status: 'SENT',
    source: conversation.channel === 'CHAT' ? 'CHAT' : 'EMAIL',
    delay: 0,
    deliver_at: null,
    agent_id: agentId,
    contact_id: null,
    target_id: body.target_id ?? null,
    is_removed: 0,
  });
  await updateConversation(write, conversation, {
    last_update: lastUpdateText(body.message),
    last_update_ts: Math.max(Number(conversation.last_update_ts), write.now),
  });
  return note;
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
