import { Link, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../components/EmptyState';
import { Icon } from '../components/Icon';
import { useSignedIn } from '../session/signed-in-context';
import { CONVERSATION_FILTERS, FILTER_PARAM, conversationListPath, parseConversationFilter } from './conversation-filter';
import type { ConversationFilter } from './conversation-filter';

const FILTER_LABELS: Record<ConversationFilter, string> = { inbox: 'Inbox', waiting: 'Waiting', all: 'All' };

const EMPTY_TEXT: Record<ConversationFilter, string> = {
  inbox: 'When customers write to your support address or use the chat on your website, their conversations will appear here for your team to answer.',
  waiting: 'Conversations waiting for a reply from a customer will be listed here.',
  all: 'Every conversation, open or closed, will be listed here.',
};

/** `conversations` (§2): the list. No channel delivers conversations yet, so it is honestly empty. */
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
          <Link
            key={item}
            to={conversationListPath(slug, item)}
            className="tab"
            aria-current={item === filter ? 'page' : undefined}
          >
            {FILTER_LABELS[item]}
          </Link>
        ))}
      </nav>
      <div className="panel conversation-list" data-testid="conversation-list">
        <EmptyState icon="inbox" title="No conversations yet">
          <p>{EMPTY_TEXT[filter]}</p>
          <ul className="channel-hints" aria-label="Where conversations come from">
            <li>
              <Icon name="mail" /> Email to your support address
            </li>
            <li>
              <Icon name="chat" /> Chat on your website
            </li>
          </ul>
        </EmptyState>
      </div>
    </div>
  );
}
