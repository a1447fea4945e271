import type { Conversation, Message } from '../../src/protocol/documents';
import type { ApiClient } from './api-client';

/**
 * For a held-reply browser file: each test's own email conversation of the seed (a chat reply is
 * not held), and the server's copy of a message, read through the owner's API.
 */
export function heldReplyConversations(suite: { readonly api: ApiClient }) {
  let used = 0;
  return {
    /** An email conversation no other test of this file touched. */
    freshConversation: async (): Promise<Conversation> => {
      const { conversations } = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=40&order=newest')).body;
      const conversation = conversations.filter((c) => c.channel !== 'CHAT')[used++];
      if (!conversation) throw new Error('The seed has too few email conversations');
      return conversation;
    },
    /** The server's copy of the message with this text, if it has one. */
    serverCopy: async (conversationId: number, text: string): Promise<Message | undefined> => {
      const { messages } = (await suite.api.get<{ messages: Message[] }>(`conversations/${conversationId}/messages/?limit=100`)).body;
      return messages.find((m) => m.message === text);
    },
  };
}
