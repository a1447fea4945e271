import { useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { CONVERSATION_PAGE_SIZE } from '../../../../protocol/constants';
import { useConversationSearch } from '../../../search/use-conversation-search';
import { useLocalSearchCorpus } from '../../../search/use-local-search-index';
import { SearchField } from './SearchField';
import { SearchResults } from './SearchResults';
import { wantsSearchFocus } from './search-param';
import { useSearchText } from './use-search-text';

/** Results shown at first, and added by each "Show more" (a list page, §9). */
const RESULTS_PAGE = CONVERSATION_PAGE_SIZE;

type Props = {
  rowPath: (id: number) => string;
  currentId: number | null;
  /** The list, shown while no search is on. */
  children: ReactNode;
};

/**
 * Search in the list pane: the field, and while it holds a search, the results in place of
 * the list (`children`). `?search=` keeps the search across an opened conversation and a reload.
 * Focusing the field starts building the local index, so that the first results are instant.
 */
export function ConversationSearch({ rowPath, currentId, children }: Props) {
  const { text, setText } = useSearchText();
  const focus = wantsSearchFocus(useLocation().state);
  const [focused, setFocused] = useState(false);
  useLocalSearchCorpus(focused);
  return (
    <>
      <div className="list-pane__search" onFocus={() => setFocused(true)} onBlur={() => setFocused(false)}>
        <SearchField value={text} onChange={setText} onClear={() => setText('')} autoFocus={focus || text !== ''} />
      </div>
      {text === '' ? children : <ActiveSearch text={text} rowPath={rowPath} currentId={currentId} />}
    </>
  );
}

function ActiveSearch({ text, rowPath, currentId }: { text: string; rowPath: (id: number) => string; currentId: number | null }) {
  const [shown, setShown] = useState(RESULTS_PAGE);
  const search = useConversationSearch(text, shown);
  // A new search starts again from the first page.
  const [key, setKey] = useState(search.key);
  if (key !== search.key) {
    setKey(search.key);
    setShown(RESULTS_PAGE);
  }
  const showMore = () => {
    if (search.results.length > shown) setShown(shown + RESULTS_PAGE);
    // Ask the server for its next page before the results held run out.
    if (search.server.hasMore && search.results.length < shown + 2 * RESULTS_PAGE) search.server.loadMore();
  };
  return <SearchResults search={search} text={text} shown={shown} onShowMore={showMore} rowPath={rowPath} currentId={currentId} />;
}
