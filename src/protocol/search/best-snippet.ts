import type { SearchHitSnippet } from '../api/search-requests';
import type { Contact, Conversation, Message } from '../documents';
import { searchSnippet } from './search-snippet';
import { matchSearchText, type SearchTerm } from './search-text';

type Candidate = { source: SearchHitSnippet['source']; message_id: string | null; text: string; at: number };

/**
 * The snippet of a search result: the text that holds the most terms, a message or note before
 * the subject and the contact (the list shows those anyway), the newest among equals. The
 * server cuts it from the messages that matched; the browser from the thread it holds.
 */
export function bestSnippet(
  terms: readonly SearchTerm[],
  conversation: Conversation,
  contact: Contact | null | undefined,
  messages: readonly Pick<Message, 'id' | 'type' | 'message' | 'timestamp_ts'>[],
): SearchHitSnippet {
  const candidates: Candidate[] = [
    ...[...messages]
      .sort((a, b) => b.timestamp_ts - a.timestamp_ts)
      .map((message): Candidate => ({ source: message.type === 'NOTE' ? 'note' : 'message', message_id: message.id, text: message.message, at: message.timestamp_ts })),
    { source: 'subject', message_id: null, text: conversation.subject, at: 0 },
  ];
  if (contact) candidates.push({ source: 'contact', message_id: null, text: [contact.name, contact.email].filter(Boolean).join(' · '), at: 0 });
  let best: { candidate: Candidate; found: number } | null = null;
  for (const candidate of candidates) {
    const found = matchSearchText(candidate.text, terms).matched.filter(Boolean).length;
    if (!best || found > best.found) best = { candidate, found };
  }
  const chosen = best?.candidate ?? { source: 'subject', message_id: null, text: conversation.subject, at: 0 };
  return { source: chosen.source, message_id: chosen.message_id, ...searchSnippet(chosen.text, terms) };
}
