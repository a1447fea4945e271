import type { Contact, Conversation, Message } from '../../protocol/documents';
import { foldSearchText } from '../../protocol/search/search-text';
import { buildWordIndex, type WordIndex } from './word-index';

/**
 * What the browser can search without the server: every conversation it holds with its subject,
 * last update, contact and the text of the messages and notes it holds, folded once (see
 * foldSearchText). A thread is its messages' folded text joined by newlines, which a phrase
 * never spans (termPattern).
 *
 * `base` holds word indexes over it (indexCorpus), so that a search (search-local.ts) never
 * scans every thread; conversations changed since (`changed`) are scanned instead, which is
 * cheap while they are few, and the index is built again once they are many.
 */
export type CorpusConversation = {
  conversation: Conversation;
  subject: string;
  lastUpdate: string;
  /** The thread as the server has it (saved messages and notes). */
  thread: string;
  /** Messages and notes only this browser has so far (waiting in the outbox). */
  pendingThread: string;
};

export type CorpusBase = { ids: number[]; subject: WordIndex; contact: WordIndex; thread: WordIndex };

export type SearchCorpus = {
  conversations: Map<number, CorpusConversation>;
  /** Folded "name email" of each contact, and the contact itself. */
  contacts: Map<number, { contact: Contact; text: string }>;
  base: CorpusBase | null;
  /** Conversations added, changed or removed since `base` was built. */
  changed: Set<number>;
};

/** A message as the corpus needs it: its text, and whether the server has it yet. */
export type CorpusMessage = Pick<Message, 'message' | 'status'> & { outbox_id?: number; is_removed?: boolean };

export function createSearchCorpus(): SearchCorpus {
  return { conversations: new Map(), contacts: new Map(), base: null, changed: new Set() };
}

/** Folded, on one line: newlines separate a thread's messages. */
export function foldLine(text: string): string {
  return foldSearchText(text.replace(/\s+/g, ' '));
}

/** Adds or replaces a conversation, keeping its thread. */
export function putConversation(corpus: SearchCorpus, conversation: Conversation): void {
  const held = corpus.conversations.get(conversation.id);
  const sameText = held?.conversation.subject === conversation.subject && held.conversation.last_update === conversation.last_update;
  if (!held || !sameText || held.conversation.contact_id !== conversation.contact_id) corpus.changed.add(conversation.id);
  corpus.conversations.set(conversation.id, {
    conversation,
    subject: held && sameText ? held.subject : foldLine(conversation.subject),
    lastUpdate: held && sameText ? held.lastUpdate : foldLine(conversation.last_update),
    thread: held?.thread ?? '',
    pendingThread: held?.pendingThread ?? '',
  });
}

export function removeConversation(corpus: SearchCorpus, id: number): void {
  corpus.conversations.delete(id);
  corpus.changed.add(id);
}

export function putContact(corpus: SearchCorpus, contact: Contact): void {
  const text = foldLine(`${contact.name} ${contact.email ?? ''}`);
  const before = corpus.contacts.get(contact.id)?.text;
  corpus.contacts.set(contact.id, { contact, text });
  if (before === undefined || before === text || !corpus.base) return;
  for (const entry of corpus.conversations.values()) if (entry.conversation.contact_id === contact.id) corpus.changed.add(entry.conversation.id);
}

/**
 * Replaces the thread of a held conversation with these messages and notes. Removed ones and
 * undone sends do not count: the server does not find them either.
 */
export function putThread(corpus: SearchCorpus, conversationId: number, messages: readonly CorpusMessage[]): void {
  const entry = corpus.conversations.get(conversationId);
  if (!entry) return;
  const saved: string[] = [];
  const pending: string[] = [];
  for (const message of messages) {
    if (message.is_removed || message.status === 'CANCELLED') continue;
    (message.outbox_id === undefined ? saved : pending).push(foldLine(message.message));
  }
  const thread = saved.join('\n');
  if (thread !== entry.thread) corpus.changed.add(conversationId);
  entry.thread = thread;
  entry.pendingThread = pending.join('\n');
}

/** Builds the word indexes over every conversation held now (a few hundred ms for 10,000). */
export function indexCorpus(corpus: SearchCorpus): void {
  const entries = [...corpus.conversations.values()];
  const contactText = (entry: CorpusConversation | undefined) => (entry ? (corpus.contacts.get(entry.conversation.contact_id)?.text ?? '') : '');
  corpus.base = {
    ids: entries.map((entry) => entry.conversation.id),
    subject: buildWordIndex(entries.length, (slot) => [entries[slot]?.subject ?? '']),
    contact: buildWordIndex(entries.length, (slot) => [contactText(entries[slot])]),
    thread: buildWordIndex(entries.length, (slot) => [entries[slot]?.thread ?? '', entries[slot]?.lastUpdate ?? '']),
  };
  corpus.changed.clear();
}
