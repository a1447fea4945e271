import { z } from 'zod';
import { CONVERSATION_PAGE_SIZE } from '../constants';
import type { Contact, Conversation } from '../documents';
import type { SearchSnippet } from '../search/search-snippet';
import { parseSearchText, SEARCH_MAX_TERMS } from '../search/search-text';
import { idListParam } from './id-fields';
import { singleLineText } from './text-fields';

/** Most ids one `GET conversations/matches` answers: an inbox keeps at most this many (§9). */
export const MATCHES_MAX_IDS = 250;

const searchText = singleLineText()
  .trim()
  .min(1, { error: 'is required' })
  .max(200, { error: 'is too long' })
  .refine((text) => parseSearchText(text).length <= SEARCH_MAX_TERMS, { error: `has more than ${SEARCH_MAX_TERMS} terms` });

/** `GET conversations/search?q=&limit=&cursor=`: full text, best first. */
export const searchQuery = z.object({
  q: searchText,
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSATION_PAGE_SIZE),
  /** Opaque, from the previous page's `next_cursor`. */
  cursor: singleLineText().max(200).optional(),
});
export type SearchQuery = z.input<typeof searchQuery>;

/** `GET conversations/matches?ids=1,2,3&search=` (§7): does each conversation match the search? */
export const matchesQuery = z.object({
  ids: idListParam('must be conversation ids separated by commas')
    .refine((ids) => ids.length <= MATCHES_MAX_IDS, { error: `must have at most ${MATCHES_MAX_IDS} ids` }),
  search: searchText,
});

/** Where the snippet of a result comes from; `message_id` names the message or note. */
export type SearchHitSnippet = SearchSnippet & { source: 'subject' | 'contact' | 'message' | 'note'; message_id: string | null };

/**
 * One conversation found, with its contact (the browser may not hold either yet), its score
 * (higher first; the sum of SEARCH_WEIGHTS over the terms and the places each was found) and
 * a snippet of the text that matched best.
 */
export type SearchHit = { conversation: Conversation; contact: Contact | null; score: number; snippet: SearchHitSnippet };

export type SearchPage = { results: SearchHit[]; next_cursor: string | null };

/** Every requested id is a key: true when it matches; false too for ids the caller cannot see. */
export type MatchesResponse = { matches: Record<string, boolean> };
