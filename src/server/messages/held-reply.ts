import { API_ERRORS } from '../../protocol/api/api-errors';
import { parseMessageWireId } from '../../protocol/documents';
import { ERROR_TEXTS } from '../../protocol/error-texts';
import { findConversationForWrite } from '../conversations/conversation-changes';
import type { ConversationRow } from '../conversations/conversation-tables';
import type { MessageRow } from './message-tables';
import { badRequest, HttpError, notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { findMessageRow } from './message-queries';

/** What the caller is told about a note (400) and about a teammate's reply (403). */
type Refusals = { notMessage: string; notYours: string };

const UNDO_REFUSALS: Refusals = { notMessage: ERROR_TEXTS.undoNotMessage, notYours: API_ERRORS.notYourReply };

/**
 * A reply of the conversation that its author undoes, releases or retries (§4): only a message
 * (never a note, 400), of this conversation (404 like a missing one), sent by the caller (403: a
 * teammate sees who is sending, and cannot cancel it or send it in their name).
 */
export async function findOwnReplyForWrite(
  write: Write,
  conversationId: number,
  wireId: string,
  agentId: number,
  refusals: Refusals = UNDO_REFUSALS,
): Promise<{ conversation: ConversationRow; row: MessageRow }> {
  const parsed = parseMessageWireId(wireId);
  if (!parsed || parsed.type !== 'MESSAGE') throw badRequest(refusals.notMessage);
  const conversation = await findConversationForWrite(write, conversationId);
  const row = await findMessageRow(write.trx, write.orgId, wireId);
  if (!row || row.conversation_id !== conversation.id || row.is_removed !== 0) throw notFound();
  if (row.agent_id !== agentId) throw new HttpError(403, { error: refusals.notYours });
  return { conversation, row };
}
