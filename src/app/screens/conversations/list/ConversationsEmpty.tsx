import { useLiveQuery } from 'dexie-react-hooks';
import { EmptyState } from '../../../components/EmptyState';
import { Icon } from '../../../components/Icon';
import { Link } from 'react-router-dom';
import { useSignedIn } from '../../../session/signed-in-context';
import { useInboxDb } from '../../../sync/sync-context';
import { stepAnchor } from '../../onboarding/OnboardingChecklist';
import type { ConversationFilter } from '../../conversation-filter';

const FILTER_EMPTY: Record<ConversationFilter, { title: string; text: string }> = {
  inbox: { title: 'All caught up', text: 'No open conversation is assigned to you or waiting for someone to pick it up.' },
  waiting: { title: 'Nothing waiting', text: 'Conversations waiting for a reply from a customer will be listed here.' },
  snoozed: { title: 'Nothing snoozed', text: 'A snoozed conversation waits here until its time comes or the customer writes.' },
  all: { title: 'No conversations', text: 'Every conversation, open or closed, will be listed here.' },
};

/** An empty filter: a first-day welcome when the organization has no conversation at all. */
export function ConversationsEmpty({ filter }: { filter: ConversationFilter }) {
  const db = useInboxDb();
  const { slug } = useSignedIn();
  const any = useLiveQuery(async () => (await db.conversations.limit(1).count()) > 0, [db]);
  if (any === undefined) return null;
  if (any) {
    const { title, text } = FILTER_EMPTY[filter];
    return (
      <EmptyState icon={filter === 'inbox' ? 'checkCircle' : 'inbox'} title={title}>
        <p>{text}</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState icon="inbox" title="No conversations yet">
      <p>
        When customers write to your support address or use the chat on your website, their conversations will appear
        here for your team to answer.
      </p>
      <ul className="channel-hints" aria-label="Where conversations come from">
        <li>
          <Link to={`/${slug}/onboarding#${stepAnchor('support-address')}`}>
            <Icon name="mail" /> Email to your support address
          </Link>
        </li>
        <li>
          <Link to={`/${slug}/onboarding#${stepAnchor('chat-widget')}`}>
            <Icon name="chat" /> Chat on your website
          </Link>
        </li>
      </ul>
    </EmptyState>
  );
}
