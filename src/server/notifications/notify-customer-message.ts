import type { ConversationRow } from '../conversations/conversation-tables';
import type { Write } from '../realtime/write-transaction';
import { recordNotifications } from './record-notifications';

/**
 * A customer wrote: a new conversation is told to every agent whose watched inbox holds it, a
 * reply to the agent the conversation is assigned to.
 */
export async function notifyCustomerMessage(
  write: Write,
  input: { conversation: ConversationRow; isNew: boolean; contactName: string; text: string; messageId: string },
): Promise<void> {
  const { conversation } = input;
  if (input.isNew) {
    await recordNotifications(write, {
      event: 'new_conversation',
      conversation,
      key: `new:${conversation.id}`,
      actorId: null,
      who: input.contactName,
      text: input.text,
      recipients: 'inbox-watchers',
    });
  } else if (conversation.agent_id !== null) {
    await recordNotifications(write, {
      event: 'customer_reply',
      conversation,
      key: `reply:${input.messageId}`,
      actorId: null,
      who: input.contactName,
      text: input.text,
      recipients: [conversation.agent_id],
    });
  }
}
