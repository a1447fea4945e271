import { conversationAnswer } from './answer-documents';
import type { Lane, Target } from './mutation-definition';

/** What the definitions of one conversation's actions share. */
type OnConversation = { conversation_id: number };

/** The lane of a conversation's actions (see Lane). */
export function conversationLane(conversationId: number): Lane {
  return `conversations:${conversationId}`;
}

/** An action of a conversation waits in that conversation's lane. */
export const inConversationLane = {
  lanes: (input: OnConversation): readonly Lane[] => [conversationLane(input.conversation_id)],
};

/** An action that changes the conversation itself, answered with the conversation. */
export const onConversation = {
  ...inConversationLane,
  targets: (input: OnConversation): readonly Target[] => [{ col: 'conversations', id: input.conversation_id }],
  answer: conversationAnswer,
};
