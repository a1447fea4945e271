import { Link, Outlet, useLocation } from 'react-router-dom';
import { CustomInboxLinks } from './CustomInboxLinks';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { Icon } from '../components/Icon';
import type { IconName } from '../components/Icon';
import { ProductMark } from '../components/ProductMark';
import { KeyboardProvider } from '../keyboard/KeyboardProvider';
import { can } from '../session/permissions';
import { DEFAULT_INBOX_KEY } from '../screens/conversations/list/inbox-unread-counts';
import { StoredDraftsProvider } from '../screens/conversations/composer/stored-drafts';
import { useInboxUnreadCounts } from '../screens/conversations/list/use-inbox-unread';
import { useSignedIn } from '../session/signed-in-context';
import { AccountMenu } from './AccountMenu';
import { ConnectionStatus } from './ConnectionStatus';
import { HoursStatusLine } from './HoursStatusLine';
import { SettingsNav } from './SettingsNav';
import { UnreadCount } from './UnreadCount';
import { useUnreadTitle } from './use-unread-title';
import { GettingStartedLink } from '../screens/onboarding/GettingStartedLink';

/** The signed-in frame: the sidebar (organization, navigation, account) and the screen. */
export function AppShell() {
  const { slug, agent, organization } = useSignedIn();
  const unread = useInboxUnreadCounts();
  useUnreadTitle(unread[DEFAULT_INBOX_KEY] ?? 0);
  return (
    <KeyboardProvider>
      <div className="app-shell">
        <aside className="sidebar">
          <div className="sidebar__org">
            <ProductMark size={26} />
            <span className="sidebar__org-text">
              <span className="sidebar__org-name" title={organization.name}>
                {organization.name}
              </span>
              <HoursStatusLine />
            </span>
          </div>
          <Link to={`/${slug}/conversations/new`} className="btn btn--primary btn--small sidebar__new" title="New conversation">
            <Icon name="edit" />
            <span className="sidebar__new-label">New conversation</span>
          </Link>
          <nav className="sidebar__nav" aria-label="Main">
            <SidebarLink to={`/${slug}/bonjour`} icon="home" label="Home" />
            <SidebarLink to={`/${slug}/conversations`} icon="inbox" label="Conversations" unread={unread[DEFAULT_INBOX_KEY] ?? 0} />
            <GettingStartedLink />
            {can(agent, PAGE_PERMISSIONS.team) && <SidebarLink to={`/${slug}/team`} icon="users" label="Team" />}
            <CustomInboxLinks unread={unread} />
          </nav>
          <SettingsNav>
            <SidebarLink to={`/${slug}/account/general`} icon="user" label="Account" section={`/${slug}/account`} />
            <SidebarLink to={`/${slug}/organization/general`} icon="building" label="Organization" section={`/${slug}/organization`} />
            <SidebarLink to={`/${slug}/hours`} icon="clock" label="Business hours" />
            <SidebarLink to={`/${slug}/snippets`} icon="note" label="Snippets" />
            <SidebarLink to={`/${slug}/rules`} icon="sliders" label="Rules" />
            <SidebarLink to={`/${slug}/knowledge`} icon="info" label="Knowledge base" />
            {can(agent, PAGE_PERMISSIONS['reporting/inbox']) && <SidebarLink to={`/${slug}/reporting/inbox`} icon="chart" label="Inbox report" />}
            {can(agent, PAGE_PERMISSIONS['reporting/kb']) && <SidebarLink to={`/${slug}/reporting/kb`} icon="chart" label="KB report" />}
            {can(agent, PAGE_PERMISSIONS.tags) && <SidebarLink to={`/${slug}/tags`} icon="tag" label="Tags" />}
            {can(agent, PAGE_PERMISSIONS.emails) && <SidebarLink to={`/${slug}/emails`} icon="mail" label="Email" />}
            {can(agent, PAGE_PERMISSIONS.chat) && <SidebarLink to={`/${slug}/chat`} icon="chat" label="Chat widget" />}
            {can(agent, PAGE_PERMISSIONS['custom-data']) && <SidebarLink to={`/${slug}/custom-data`} icon="database" label="Custom data" />}
            {can(agent, PAGE_PERMISSIONS.integrations) && <SidebarLink to={`/${slug}/integrations`} icon="link" label="Integrations" />}
            {can(agent, PAGE_PERMISSIONS.billing) && <SidebarLink to={`/${slug}/billing`} icon="card" label="Billing" />}
            <SidebarLink to={`/${slug}/blocked`} icon="ban" label="Blocked contacts" />
          </SettingsNav>
          <ConnectionStatus />
          <div className="sidebar__footer">
            <AccountMenu />
          </div>
        </aside>
        <main className="content" id="content">
          <StoredDraftsProvider>
            <Outlet />
          </StoredDraftsProvider>
        </main>
      </div>
    </KeyboardProvider>
  );
}

/** A navigation entry, current on its own path and on every path under `section` (default `to`). */
type SidebarLinkProps = { to: string; icon: IconName; label: string; section?: string; unread?: number };

function SidebarLink({ to, icon, label, section, unread = 0 }: SidebarLinkProps) {
  const { pathname } = useLocation();
  const prefix = section ?? to;
  const current = pathname === prefix || pathname.startsWith(`${prefix}/`);
  return (
    <Link to={to} className="nav-link" aria-current={current ? 'page' : undefined}>
      <Icon name={icon} />
      {label}
      <UnreadCount count={unread} />
    </Link>
  );
}
