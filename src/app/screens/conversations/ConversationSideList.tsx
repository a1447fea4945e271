import { Link } from 'react-router-dom';
import { useSignedIn } from '../../session/signed-in-context';
import { CONVERSATION_FILTERS, conversationListPath, conversationViewPath, customInboxViewPath } from '../conversation-filter';
import type { ConversationFilter } from '../conversation-filter';
import { ConversationList } from './ConversationList';
import { FILTER_LABELS } from './filter-labels';
import { useListSource } from './use-conversation-list';

/** The list beside an open conversation on wide screens (hidden by CSS on narrow ones). */
type SideListProps = { filter: ConversationFilter; inboxKey?: string | undefined; currentId: number | string };

export function ConversationSideList({ filter, inboxKey, currentId }: SideListProps) {
  const { slug } = useSignedIn();
  const source = useListSource(filter);
  return (
    <aside className="side-list" aria-label="Conversation list">
      <nav className="side-list__tabs" aria-label="Conversation filters">
        {CONVERSATION_FILTERS.map((item) => (
          <Link key={item} to={conversationListPath(slug, item)} className="side-list__tab" aria-current={!inboxKey && item === filter ? 'page' : undefined}>
            {FILTER_LABELS[item]}
          </Link>
        ))}
      </nav>
      <div className="side-list__body">
        <ConversationList
          key={source.key}
          filter={filter}
          currentId={currentId}
          rowPath={(id) => (inboxKey ? customInboxViewPath(slug, id, inboxKey) : conversationViewPath(slug, id, filter))}
          empty={<p className="side-list__empty">Nothing here.</p>}
        />
      </div>
    </aside>
  );
}
