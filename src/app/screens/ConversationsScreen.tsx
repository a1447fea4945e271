import { Link, useSearchParams } from 'react-router-dom';
import { useSignedIn } from '../session/signed-in-context';
import { CONVERSATION_FILTERS, FILTER_PARAM, conversationListPath, conversationViewPath, parseConversationFilter } from './conversation-filter';
import { ConversationList } from './conversations/ConversationList';
import { ConversationsEmpty } from './conversations/ConversationsEmpty';
import { FILTER_LABELS } from './conversations/filter-labels';

/** `conversations` (§2): the live list of a filter (`?filter=inbox|waiting|all`). */
export default function ConversationsScreen() {
  const { slug } = useSignedIn();
  const [params] = useSearchParams();
  const filter = parseConversationFilter(params.get(FILTER_PARAM));
  return (
    <div className="page page--wide">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">Conversations</h1>
        </div>
      </header>
      <nav className="tabs" aria-label="Conversation filters">
        {CONVERSATION_FILTERS.map((item) => (
          <Link key={item} to={conversationListPath(slug, item)} className="tab" aria-current={item === filter ? 'page' : undefined}>
            {FILTER_LABELS[item]}
          </Link>
        ))}
      </nav>
      <div className="panel conversation-list" data-testid="conversation-list">
        <ConversationList
          key={filter}
          filter={filter}
          rowPath={(id) => conversationViewPath(slug, id, filter)}
          empty={<ConversationsEmpty filter={filter} />}
        />
      </div>
    </div>
  );
}
