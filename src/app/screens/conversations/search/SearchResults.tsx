import { useEffect } from 'react';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { useNow } from '../../../hooks/use-now';
import { useKeyboardRegistry, useKeyboardSelection } from '../../../keyboard/keyboard-context';
import type { ConversationSearch } from '../../../search/use-conversation-search';
import { SearchResultRow } from './SearchResultRow';
import { withSearch } from './search-param';
import { useResultThreads } from './use-result-threads';

type ResultsProps = {
  search: ConversationSearch;
  /** The text as typed, kept in the links so that the results stay beside an opened conversation. */
  text: string;
  shown: number;
  onShowMore: () => void;
  rowPath: (id: number) => string;
  currentId: number | null;
};

/** "12 results for “refund”", as one text (one DOM node to update). */
function statusText(count: number, more: boolean, key: string): string {
  return `${more ? `${count}+` : count} ${count === 1 && !more ? 'result' : 'results'} for “${key}”`;
}

/** The results of a search, best first: local ones at once, the server's as they arrive. */
export function SearchResults({ search, text, shown, onShowMore, rowPath, currentId }: ResultsProps) {
  const { results, terms, key, server, localReady, online } = search;
  const now = useNow(30_000);
  const visible = results.slice(0, shown);
  const { registerList } = useKeyboardRegistry();
  const { cursor } = useKeyboardSelection();
  const idOrder = visible.map((result) => result.conversation.id).join(',');
  useEffect(() => registerList(idOrder ? idOrder.split(',').map(Number) : []), [idOrder, registerList]);
  const threads = useResultThreads(visible.map((result) => result.conversation.id));

  if (!key) {
    return <p className="search-results__hint">Type to search subjects, messages, notes and contacts.</p>;
  }
  const searching = server.status === 'waiting' && online;
  const more = results.length > shown || server.hasMore;
  return (
    <div className="search-results" data-testid="search-results">
      <p className="search-results__status" role="status" data-testid="search-status">
        <span>{!localReady && results.length === 0 ? 'Searching this device…' : statusText(results.length, server.hasMore, key)}</span>
        {searching && <Spinner label="Searching the server" />}
      </p>
      {(server.status === 'offline' || !online) && (
        <p className="search-results__note" data-testid="search-offline">
          Offline: these results come from this device. Results from the server will follow when you are back online.
        </p>
      )}
      {server.status === 'failed' && <p className="search-results__note">The server could not search just now; these results come from this device.</p>}
      {results.length === 0 && !searching && localReady ? (
        <EmptyState icon="search" title="No conversations found">
          Nothing matches “{key}” in subjects, messages, notes or contacts.
        </EmptyState>
      ) : (
        <ul className="search-results__list" role="list" aria-label="Search results">
          {visible.map((result) => (
            <SearchResultRow
              key={result.conversation.id}
              result={result}
              thread={threads.get(result.conversation.id)}
              terms={terms}
              to={withSearch(rowPath(result.conversation.id), text)}
              now={now}
              current={result.conversation.id === currentId}
              selected={cursor?.id === result.conversation.id}
            />
          ))}
        </ul>
      )}
      {more && (
        <div className="search-results__footer">
          <Button size="small" onClick={onShowMore} disabled={server.loadingMore}>
            Show more
          </Button>
        </div>
      )}
    </div>
  );
}
