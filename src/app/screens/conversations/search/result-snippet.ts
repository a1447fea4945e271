import type { LocalMessage } from '../../../../client-db/inbox-database';
import type { SearchHitSnippet } from '../../../../protocol/api/search-requests';
import { bestSnippet } from '../../../../protocol/search/best-snippet';
import { searchSnippet } from '../../../../protocol/search/search-snippet';
import type { SearchTerm } from '../../../../protocol/search/search-text';
import type { SearchResult } from '../../../search/merge-search-results';

/**
 * What a result row shows under its subject: cut from the thread this browser holds when the
 * match was found here, else the server's snippet, else the last update.
 */
export function resultSnippet(result: SearchResult, thread: readonly LocalMessage[] | undefined, terms: readonly SearchTerm[]): SearchHitSnippet {
  if (thread && thread.length > 0 && result.origin !== 'server') return bestSnippet(terms, result.conversation, result.contact, thread);
  if (result.snippet) return result.snippet;
  return { source: 'message', message_id: null, ...searchSnippet(result.conversation.last_update, terms) };
}
