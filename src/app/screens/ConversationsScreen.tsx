import { useCallback, useState } from 'react';
import { Link, useMatch, useParams, useSearchParams } from 'react-router-dom';
import { parseConversationId } from '../../protocol/conversation-id';
import { useSignedIn } from '../session/signed-in-context';
import {
  CONVERSATION_FILTERS,
  FILTER_PARAM,
  QUERY_PARAM,
  conversationListPath,
  conversationViewPath,
  customInboxPath,
  customInboxViewPath,
  parseConversationFilter,
  startingConversationId,
} from './conversation-filter';
import { EmptyState } from '../components/EmptyState';
import { ConversationPane } from './ConversationScreen';
import { ConversationList } from './conversations/list/ConversationList';
import { NewConversation } from './conversations/new/NewConversation';
import { ConversationsEmpty } from './conversations/list/ConversationsEmpty';
import { FILTER_LABELS } from './conversations/list/filter-labels';
import { NoConversationOpen } from './conversations/NoConversationOpen';
import { ConversationSearch } from './conversations/search/ConversationSearch';
import { keepSearch } from './conversations/search/search-param';
import { listInboxKey } from './conversations/list/inbox-filter';
import { useListSource } from './conversations/list/use-conversation-list';

/**
 * The conversations workspace (§2 `conversations` and `conversations/view/{id}`): the list of a
 * filter or custom inbox and, beside it on wider screens, the open conversation with its contact
 * summary; one pane at a time on a phone. Both routes render this component, so opening a
 * conversation keeps the list mounted, with its scroll, loaded pages and selection.
 */
export default function ConversationsScreen() {
  const { slug, agent } = useSignedIn();
  const routeParams = useParams();
  const rawId = routeParams['id'];
  const openId = startingConversationId(routeParams['tempId']) ?? (rawId === undefined ? null : parseConversationId(rawId));
  const writingNew = useMatch('/:domain/conversations/new') !== null;
  const [params] = useSearchParams();
  const filter = parseConversationFilter(params.get(FILTER_PARAM));
  const source = useListSource(filter);
  const inboxKey = listInboxKey(params, agent.custom_inboxes);
  const custom = agent.custom_inboxes.find((inbox) => inbox.key === inboxKey);
  const customKey = custom?.key;
  const [summaryOpen, setSummaryOpen] = useState(false);
  // A report's drill-down (`?query=`): the list of an unsaved query, kept while its rows are opened.
  const queryText = source.key.startsWith('query:') ? params.get(QUERY_PARAM) : null;
  const withQuery = useCallback((path: string) => (queryText === null ? path : `${path}&${QUERY_PARAM}=${encodeURIComponent(queryText)}`), [queryText]);
  const plainListPath = customKey ? customInboxPath(slug, customKey) : conversationListPath(slug, filter);
  const listPath = withQuery(plainListPath);
  const rowPath = useCallback(
    (id: number) => withQuery(customKey ? customInboxViewPath(slug, id, customKey) : conversationViewPath(slug, id, filter)),
    [slug, customKey, filter, withQuery],
  );
  // With a conversation open, its subject is the page's main heading.
  const Title = openId === null && !writingNew ? 'h1' : 'h2';
  return (
    <div className="workspace" data-pane={openId === null && !writingNew ? 'list' : 'conversation'}>
      <div className="workspace__list">
        <header className="list-pane__header">
          <Title className="list-pane__title">{custom ? custom.name : 'Conversations'}</Title>
          {queryText !== null && (
            <p className="list-pane__query">
              <span>
                Matching <code>{queryText}</code>
              </span>
              <Link to={plainListPath}>Clear</Link>
            </p>
          )}
        </header>
        {/* Search (issue 4): the field, and while a search is on its results replace the tabs and the list. */}
        <ConversationSearch rowPath={rowPath} currentId={typeof openId === 'number' ? openId : null}>
          <nav className="list-pane__tabs" aria-label="Conversation filters">
            {CONVERSATION_FILTERS.map((item) => (
              <Link key={item} to={conversationListPath(slug, item)} className="tab" aria-current={!custom && item === filter ? 'page' : undefined}>
                {FILTER_LABELS[item]}
              </Link>
            ))}
            {agent.custom_inboxes.map((inbox) => (
              <Link key={`custom-${inbox.key}`} to={customInboxPath(slug, inbox.key)} className="tab" aria-current={inbox.key === customKey ? 'page' : undefined}>
                {inbox.name}
              </Link>
            ))}
          </nav>
          <div className="list-pane__body conversation-list" data-testid="conversation-list">
            <ConversationList
              key={source.key}
              source={source}
              rowPath={rowPath}
              currentId={typeof openId === 'number' ? openId : null}
              empty={
                queryText === null ? (
                  <ConversationsEmpty filter={filter} />
                ) : (
                  <EmptyState icon="inbox" title="No conversations match">
                    None of the conversations on this device match this query.
                  </EmptyState>
                )
              }
            />
          </div>
        </ConversationSearch>
      </div>
      <div className="workspace__detail">
        {writingNew ? (
          <NewConversation backPath={keepSearch(listPath, params)} rowPath={rowPath} />
        ) : openId === null ? (
          <NoConversationOpen />
        ) : (
          <ConversationPane id={openId} backPath={keepSearch(listPath, params)} rowPath={rowPath} summaryOpen={summaryOpen} onSummaryOpen={setSummaryOpen} />
        )}
      </div>
    </div>
  );
}
