import { Link, useSearchParams } from 'react-router-dom';
import { useSignedIn } from '../session/signed-in-context';
import {
  CONVERSATION_FILTERS,
  FILTER_PARAM,
  INBOX_PARAM,
  conversationListPath,
  conversationViewPath,
  customInboxPath,
  customInboxViewPath,
  parseConversationFilter,
} from './conversation-filter';
import { ConversationList } from './conversations/ConversationList';
import { ConversationsEmpty } from './conversations/ConversationsEmpty';
import { FILTER_LABELS } from './conversations/filter-labels';
import { useListSource } from './conversations/use-conversation-list';

/** `conversations` (§2): the live list of a filter (`?filter=inbox|waiting|all`). */
export default function ConversationsScreen() {
  const { slug, agent } = useSignedIn();
  const [params] = useSearchParams();
  const filter = parseConversationFilter(params.get(FILTER_PARAM));
  const source = useListSource(filter);
  const custom = agent.custom_inboxes.find((inbox) => inbox.key === params.get(INBOX_PARAM));
  return (
    <div className="page page--wide">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{custom ? custom.name : 'Conversations'}</h1>
        </div>
      </header>
      <nav className="tabs" aria-label="Conversation filters">
        {CONVERSATION_FILTERS.map((item) => (
          <Link key={item} to={conversationListPath(slug, item)} className="tab" aria-current={!custom && item === filter ? 'page' : undefined}>
            {FILTER_LABELS[item]}
          </Link>
        ))}
        {agent.custom_inboxes.map((inbox) => (
          <Link
            key={`custom-${inbox.key}`}
            to={customInboxPath(slug, inbox.key)}
            className="tab"
            aria-current={inbox.key === custom?.key ? 'page' : undefined}
          >
            {inbox.name}
          </Link>
        ))}
      </nav>
      <div className="panel conversation-list" data-testid="conversation-list">
        <ConversationList
          key={source.key}
          filter={filter}
          rowPath={(id) => (custom ? customInboxViewPath(slug, id, custom.key) : conversationViewPath(slug, id, filter))}
          empty={<ConversationsEmpty filter={filter} />}
        />
      </div>
    </div>
  );
}
