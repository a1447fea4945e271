import type { Conversation } from '../../protocol/documents';
import type { AgentRow } from '../agents/agent-tables';
import type { ConversationRow } from '../conversations/conversation-tables';
import type { Write } from '../realtime/write-transaction';
import { recordNotifications } from './record-notifications';

/**
 * A conversation became someone's: they are told, unless they took it themselves (the
 * recipient list never holds the actor). Several conversations at once (bulk) tell each.
 */
export async function notifyAssigned(write: Write, actor: AgentRow, before: ConversationRow, after: Conversation): Promise<void> {
  if (after.agent_id === null || after.agent_id === before.agent_id) return;
  await recordNotifications(write, {
    event: 'assigned',
    conversation: before,
    key: `assigned:${after.id}:${after.version}`,
    actorId: actor.id,
    who: actor.name,
    text: after.last_update,
    recipients: [after.agent_id],
  });
}

/** The teammates a note @mentions; once per note and teammate, whatever later edits do. */
export async function notifyMentioned(
  write: Write,
  actor: AgentRow,
  conversation: ConversationRow,
  note: { id: string; message: string; mentions: readonly number[] },
): Promise<void> {
  await recordNotifications(write, {
    event: 'mentioned',
    conversation,
    key: `mention:${note.id}`,
    actorId: actor.id,
    who: actor.name,
    text: note.message,
    recipients: note.mentions,
  });
}

/** A draft was shared with a teammate (once per draft and teammate: sharing again changes nothing). */
export async function notifyDraftShared(
  write: Write,
  actor: AgentRow,
  conversation: ConversationRow,
  draft: { id: string; message: string; targetId: number },
): Promise<void> {
  await recordNotifications(write, {
    event: 'draft_shared',
    conversation,
    key: `share:${draft.id}`,
    actorId: actor.id,
    who: actor.name,
    text: draft.message,
    recipients: [draft.targetId],
  });
}
