import type { LocalMessage } from '../client-db/inbox-database';
import type { MutationInput } from '../client-db/outbox-row';
import { SPAM_TAG } from '../protocol/api/conversation-actions';
import type { Conversation } from '../protocol/documents';

/**
 * The optimistic patches of the conversation actions (pure; see apply-mutation.ts): recipients,
 * spam, split. The server's answer replaces what they guess (a new recipient's ids, the new
 * conversation of a split).
 */
export type ActionInput = Extract<MutationInput, { kind: 'add-recipient' | 'remove-recipient' | 'spam' | 'split' }>;
type PatchedDoc = Conversation | LocalMessage | { id: string | number };

/**
 * Where a split's moved messages wait for the server's answer: no conversation has id 0, so they
 * leave the thread (and animate out) at once; the server's copies name the new conversation.
 */
export const SPLIT_PENDING_CONVERSATION_ID = 0;

export function applyActionPatch<D extends PatchedDoc>(doc: D | null, input: ActionInput): D | null {
  if (doc === null) return null;
  if (input.kind === 'split') {
    if (isConversationDoc(doc) || !(input.moved_ids ?? []).includes(String(doc.id))) return doc;
    return { ...doc, conversation_id: SPLIT_PENDING_CONVERSATION_ID };
  }
  if (!isConversationDoc(doc)) return doc;
  switch (input.kind) {
    case 'add-recipient': {
      const email = input.email.toLowerCase();
      if (doc.recipients.some((recipient) => recipient.from.toLowerCase() === email)) return doc;
      // Ids 0 until the server's copy says which contact the address is.
      return { ...doc, recipients: [...doc.recipients, { id: 0, from: email, contact_id: 0 }] };
    }
    case 'remove-recipient': {
      const email = input.email.toLowerCase();
      const recipients = doc.recipients.filter((recipient) => recipient.from.toLowerCase() !== email);
      return recipients.length === doc.recipients.length ? doc : { ...doc, recipients };
    }
    case 'spam':
      return {
        ...doc,
        status: 'CLOSED',
        is_unread: false,
        tags: doc.tags.includes(SPAM_TAG.slug) ? doc.tags : [...doc.tags, SPAM_TAG.slug],
      };
  }
}

function isConversationDoc(doc: PatchedDoc): doc is Conversation {
  return typeof doc.id === 'number';
}
