import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Icon } from '../components/Icon';
import { INBOX_PARAM, customInboxPath } from '../screens/conversation-filter';
import { useSignedIn } from '../session/signed-in-context';
import { UnreadCount } from './UnreadCount';

/** The sidebar's "Inboxes" section: the agent's custom inboxes (§3) with their unread counts, and where to manage them. */
export function CustomInboxLinks({ unread }: { unread: Readonly<Record<string, number>> }) {
  const { slug, agent } = useSignedIn();
  const { pathname } = useLocation();
  const currentKey = useSearchParams()[0].get(INBOX_PARAM);
  const onList = pathname === `/${slug}/conversations`;
  const managePath = `/${slug}/inboxes`;
  return (
    <div role="group" aria-labelledby="sidebar-inboxes">
      <p className="sidebar__section" id="sidebar-inboxes">
        Inboxes
      </p>
      {agent.custom_inboxes.map((inbox) => (
        <Link
          key={inbox.key}
          to={customInboxPath(slug, inbox.key)}
          className="nav-link"
          aria-current={onList && currentKey === inbox.key ? 'page' : undefined}
        >
          <Icon name="tag" />
          {inbox.name}
          <UnreadCount count={unread[inbox.key] ?? 0} />
        </Link>
      ))}
      <Link to={managePath} className="nav-link nav-link--manage" title="Manage inboxes" aria-current={pathname === managePath ? 'page' : undefined}>
        <Icon name="sliders" />
        <span className="nav-link__label">Manage inboxes</span>
      </Link>
    </div>
  );
}
