import type { LocalMessage } from '../../client-db/inbox-database';
import { storedReplyHold } from '../../client-db/reply-hold';
import type { Conversation } from '../../protocol/documents';
import type { MutationOf } from '../../protocol/mutations/mutation-input';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { documentIn, isConversationDoc, isMessageDoc, isRecord } from './answer-documents';
import { conversationLane } from './conversation-scope';
import { heldSendUndo, temporaryMessage } from './message-mutations';
import type { MutationDefinitions, PatchContext } from './mutation-definition';
import { sampleConversation } from './sample-documents';
import { requestTo } from './route-request';

type Start = MutationOf<'new-conversation'>;

/**
 * A conversation the agent starts by email (`POST conversations/`). It shows at once under the
 * tab's temporary id (negative), its first message a held reply under a temporary message id;
 * the server's answer brings both under their own ids and the temporary conversation goes (the
 * screen follows the message's `target_id` to the new id). Undone before it leaves the device,
 * both are gone; undone while it may have left, the undo waits behind it and follows its message
 * into the server's conversation (outbox-store.ts); once saved, it is undone like any held reply.
 */
export const newConversationMutations = {
  'new-conversation': {
    lanes: (input) => [conversationLane(input.conversation_id)],
    creates: 'messages',
    targets: (input, tempId) => [
      { col: 'conversations', id: input.conversation_id },
      ...(tempId === null ? [] : [{ col: 'messages' as const, id: tempId }]),
    ],
    // The contact the address belongs to, when this device knows it, and how long its first
    // message is held: as long as the server last said (client-db/reply-hold.ts).
    touches: ['contacts'],
    prepare: async (db, input) => {
      const contact = await db.contacts.where('email').equals(input.to).first();
      const held = { ...input, delay: await storedReplyHold(db) };
      return contact ? { ...held, contact_id: contact.id } : held;
    },
    patch: {
      conversations: (doc, input, context) => doc ?? startedConversation(input, context),
      messages: (_doc, input, context) => firstMessage(input, context),
    },
    request: (input, { tempId, createdAt }) => {
      const body: Record<string, unknown> = { to: input.to, subject: input.subject, message: input.message, sent_at: createdAt };
      if (tempId !== null) body['target_id'] = tempId;
      if (input.html !== undefined) body['html'] = input.html;
      if (input.cc?.length) body['cc'] = input.cc;
      if (input.bcc?.length) body['bcc'] = input.bcc;
      if (input.attachments?.length) body['attachments'] = input.attachments.map((file) => file.id);
      return requestTo(MUTATION_ROUTES['new-conversation'], {}, body);
    },
    // `{conversation, message, generated_id}`.
    answer: (body, input) => {
      const conversation = isRecord(body) ? documentIn(body['conversation'], isConversationDoc) : null;
      const message = isRecord(body) ? documentIn(body['message'], isMessageDoc) : null;
      if (!conversation || !message) return null;
      return {
        put: [
          { col: 'conversations', docs: [conversation] },
          { col: 'messages', docs: [message] },
        ],
        remove: [{ col: 'conversations', id: input.conversation_id }],
      };
    },
    // Queued behind it while it is on its way; it follows the message into the server's conversation.
    undoneBy: (createdId, input) => heldSendUndo({ id: createdId, conversation_id: input.conversation_id }),
    sample: {
      seed: { conversations: [sampleConversation()] },
      input: { kind: 'new-conversation', conversation_id: -1, agent_id: 1, to: 'jane@example.com', subject: 'Hello', message: 'Hi Jane' },
    },
  },
} satisfies MutationDefinitions<'new-conversation'>;

function startedConversation(input: Start, context: PatchContext): Conversation {
  return {
    id: input.conversation_id,
    agent_id: input.agent_id,
    // 0 until the server's copy names the contact (a new address has none yet).
    contact_id: input.contact_id ?? 0,
    channel: 'EMAIL',
    channel_id: null,
    subject: input.subject,
    status: 'OPENED',
    tags: [],
    // The address it goes to, shown until the server's copy names the contact.
    recipients: input.contact_id === undefined ? [{ id: 0, from: input.to, contact_id: 0 }] : [],
    last_update: input.message.slice(0, 200),
    last_update_ts: context.createdAt,
    is_unread: false,
    priority: 0,
    created_at: context.createdAt,
    version: 0,
  };
}

function firstMessage(input: Start, context: PatchContext): LocalMessage | null {
  const { conversation_id, message, delay, html, cc, bcc, attachments } = input;
  const message_ = temporaryMessage(
    {
      kind: 'reply',
      conversation_id,
      message,
      source: 'EMAIL',
      ...(delay === undefined ? {} : { delay }),
      ...(html === undefined ? {} : { html }),
      ...(cc ? { cc } : {}),
      ...(bcc ? { bcc } : {}),
      ...(attachments ? { attachments } : {}),
    },
    context,
  );
  return message_ && { ...message_, agent_id: input.agent_id };
}
