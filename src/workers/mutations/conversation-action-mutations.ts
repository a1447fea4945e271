import type { InboxDatabase, LocalMessage } from '../../client-db/inbox-database';
import { SPAM_TAG } from '../../protocol/api/conversation-actions';
import type { Conversation } from '../../protocol/documents';
import { parseMessageWireId } from '../../protocol/documents';
import { ERROR_TEXTS } from '../../protocol/error-texts';
import type { MutationOf } from '../../protocol/mutations/mutation-input';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { documentIn, documentsIn, isConversationDoc, isMessageDoc, isRecord } from './answer-documents';
import { conversationLane, onConversation } from './conversation-scope';
import type { AnswerDocuments, MutationDefinitions } from './mutation-definition';
import { sampleConversation, sampleMessage } from './sample-documents';
import { requestTo } from './route-request';

/**
 * The conversation actions of the ⋯ menu and the To row: recipients, spam, split. The server's
 * answer replaces what their patches guess (a new recipient's ids, the new conversation of a split).
 */
export const conversationActionMutations = {
  'add-recipient': {
    ...onConversation,
    patch: { conversations: (doc, input) => doc && withRecipient(doc, input.email) },
    request: (input) => requestTo(MUTATION_ROUTES['add-recipient'], { id: input.conversation_id }, { email: input.email }),
    sample: { seed: { conversations: [sampleConversation()] }, input: { kind: 'add-recipient', conversation_id: 1, email: 'cc@example.com' } },
  },
  'remove-recipient': {
    ...onConversation,
    patch: { conversations: (doc, input) => doc && withoutRecipient(doc, input.email) },
    request: (input) => requestTo(MUTATION_ROUTES['remove-recipient'], { id: input.conversation_id, email: input.email }),
    sample: {
      seed: { conversations: [sampleConversation({ recipients: [{ id: 4, from: 'cc@example.com', contact_id: 9 }] })] },
      input: { kind: 'remove-recipient', conversation_id: 1, email: 'CC@example.com' },
    },
  },
  /** Closed, read and tagged `spam`. */
  spam: {
    ...onConversation,
    patch: {
      conversations: (doc) =>
        doc && { ...doc, status: 'CLOSED', is_unread: false, tags: doc.tags.includes(SPAM_TAG.slug) ? doc.tags : [...doc.tags, SPAM_TAG.slug] },
    },
    request: (input) => requestTo(MUTATION_ROUTES.spam, { id: input.conversation_id }, { block: input.block }),
    refusedText: ERROR_TEXTS.spam,
    sample: { seed: { conversations: [sampleConversation()] }, input: { kind: 'spam', conversation_id: 1, block: true } },
  },
  /**
   * The moved entries this device holds leave the thread at once (they wait in conversation 0,
   * which no conversation has, and animate out); the server's copies name the new conversation.
   */
  split: {
    ...onConversation,
    targets: (input) => [{ col: 'conversations', id: input.conversation_id }, ...(input.moved_ids ?? []).map((id) => ({ col: 'messages' as const, id }))],
    // Its conversation is a target it leaves as it is, and the answer brings its new copy.
    touches: ['conversations'],
    prepare: async (db, input) => ({ ...input, moved_ids: await splitMovedIds(db, input) }),
    patch: {
      messages: (doc, input) => (doc === null || !(input.moved_ids ?? []).includes(doc.id) ? doc : { ...doc, conversation_id: SPLIT_PENDING_CONVERSATION_ID }),
    },
    request: (input) => requestTo(MUTATION_ROUTES.split, { id: input.conversation_id }, { message_id: input.message_id }),
    answer: splitAnswer,
    sample: {
      seed: {
        conversations: [sampleConversation()],
        messages: [sampleMessage({ id: 'm-1', timestamp_ts: 1000 }), sampleMessage({ id: 'm-2', timestamp_ts: 2000 })],
      },
      input: { kind: 'split', conversation_id: 1, message_id: 'm-2' },
    },
  },
  /** The conversation leaves every list at once and its entries join the other one's thread; the answer confirms it. */
  merge: {
    lanes: (input) => [conversationLane(input.conversation_id), conversationLane(input.into)],
    targets: (input) => [
      { col: 'conversations', id: input.conversation_id },
      { col: 'conversations', id: input.into },
      ...(input.moved_ids ?? []).map((id) => ({ col: 'messages' as const, id })),
    ],
    prepare: async (db, input) => ({
      ...input,
      moved_ids: (await db.messages.where('conversation_id').equals(input.conversation_id).toArray())
        .filter((entry) => parseMessageWireId(entry.id) !== null)
        .map((entry) => entry.id),
    }),
    patch: {
      conversations: (doc, input) => (doc?.id === input.conversation_id ? null : doc),
      messages: (doc, input) => (doc === null || !(input.moved_ids ?? []).includes(doc.id) ? doc : { ...doc, conversation_id: input.into }),
    },
    request: (input) => requestTo(MUTATION_ROUTES.merge, { id: input.conversation_id }, { into: input.into }),
    answer: (body, input) => {
      const conversation = isRecord(body) ? documentIn(body['conversation'], isConversationDoc) : null;
      return {
        put: [
          { col: 'conversations', docs: conversation ? [conversation] : [] },
          { col: 'messages', docs: documentsIn(body, 'messages', isMessageDoc) },
        ],
        remove: [{ col: 'conversations', id: input.conversation_id }],
      };
    },
    sample: {
      seed: { conversations: [sampleConversation(), sampleConversation({ id: 2 })], messages: [sampleMessage({ id: 'm-1' })] },
      input: { kind: 'merge', conversation_id: 1, into: 2 },
    },
  },
} satisfies MutationDefinitions<'add-recipient' | 'remove-recipient' | 'spam' | 'split' | 'merge'>;

/** Where a split's moved messages wait for the server's answer: no conversation has id 0. */
export const SPLIT_PENDING_CONVERSATION_ID = 0;

function withRecipient(doc: Conversation, address: string): Conversation {
  const email = address.toLowerCase();
  if (doc.recipients.some((recipient) => recipient.from.toLowerCase() === email)) return doc;
  // Ids 0 until the server's copy says which contact the address is.
  return { ...doc, recipients: [...doc.recipients, { id: 0, from: email, contact_id: 0 }] };
}

function withoutRecipient(doc: Conversation, address: string): Conversation {
  const email = address.toLowerCase();
  const recipients = doc.recipients.filter((recipient) => recipient.from.toLowerCase() !== email);
  return recipients.length === doc.recipients.length ? doc : { ...doc, recipients };
}

/** Thread order, as the server splits: timestamp, then row id. */
function threadKey(message: Pick<LocalMessage, 'id' | 'timestamp_ts'>): [number, number] {
  return [message.timestamp_ts, parseMessageWireId(message.id)?.rowId ?? Number.MAX_SAFE_INTEGER];
}

function atOrAfter(a: [number, number], b: [number, number]): boolean {
  return a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);
}

/**
 * The entries a split will move, of those this device holds: the message and every later one
 * with a server id. Temporary messages are left out: their lane sends them first, so the server
 * moves them and its copies bring them to the new conversation. Runs in the caller's transaction.
 */
async function splitMovedIds(db: InboxDatabase, input: MutationOf<'split'>): Promise<string[]> {
  const from = await db.messages.get(input.message_id);
  if (!from || from.conversation_id !== input.conversation_id || from.type !== 'MESSAGE') return [];
  const start = threadKey(from);
  const thread = await db.messages
    .where('[conversation_id+timestamp_ts]')
    // Infinity: the highest number key (timestamps are numbers). Definitions do not import Dexie
    // itself, so that loading the registry opens no IndexedDB.
    .between([input.conversation_id, from.timestamp_ts], [input.conversation_id, Infinity], true, true)
    .toArray();
  return thread.filter((entry) => parseMessageWireId(entry.id) !== null && atOrAfter(threadKey(entry), start)).map((entry) => entry.id);
}

/** A split's answer: the new and the source conversation, and the moved messages. */
function splitAnswer(body: unknown): AnswerDocuments {
  const conversations = (isRecord(body) ? [body['conversation'], body['source']] : [])
    .map((doc) => documentIn(doc, isConversationDoc))
    .filter((doc) => doc !== null);
  return {
    put: [
      { col: 'conversations', docs: conversations },
      { col: 'messages', docs: documentsIn(body, 'messages', isMessageDoc) },
    ],
  };
}
