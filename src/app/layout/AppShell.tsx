import { Link, Outlet, useLocation } from 'react-router-dom';
import { PAGE_PERMISSIONS } from '../../protocol/roles';
import { Icon } from '../components/Icon';
import type { IconName } from '../components/Icon';
import { ProductMark } from '../components/ProductMark';
import { can } from '../session/permissions';
import { useSignedIn } from '../session/signed-in-context';
import { AccountMenu } from './AccountMenu';

/** The signed-in frame: the sidebar (organization, navigation, account) and the screen. */
export function AppShell() {
  const { slug, agent, organization } = useSignedIn();
  return (
    <div className="app-shell">
      <aside className="sidebar">
        <div className="sidebar__org">
          <ProductMark size={26} />
          <span className="sidebar__org-name" title={organization.name}>
            {organization.name}
          </span>
        </div>
        <nav className="sidebar__nav" aria-label="Main">
          <SidebarLink to={`/${slug}/bonjour`} icon="home" label="Home" />
          <SidebarLink to={`/${slug}/conversations`} icon="inbox" label="Conversations" />
          {can(agent, PAGE_PERMISSIONS.team) && <SidebarLink to={`/${slug}/team`} icon="users" label="Team" />}
          <p className="sidebar__section" aria-hidden="true">
            Settings
          </p>
          <SidebarLink to={`/${slug}/account/general`} icon="user" label="Account" section={`/${slug}/account`} />
          <SidebarLink to={`/${slug}/organization/general`} icon="building" label="Organization" section={`/${slug}/organization`} />
        </nav>
        <div className="sidebar__footer">
          <AccountMenu />
        </div>
      </aside>
      <main className="content" id="content">
        <Outlet />
      </main>
    </div>
  );
}

/** A navigation entry, current on its own path and on every path under `section` (default `to`). */
function SidebarLink({ to, icon, label, section }: { to: string; icon: IconName; label: string; section?: string }) {
  const { pathname } = useLocation();
  const prefix = section ?? to;
  const current = pathname === prefix || pathname.startsWith(`${prefix}/`);
  return (
    <Link to={to} className="nav-link" aria-current={current ? 'page' : undefined}>
      <Icon name={icon} />
      {label}
    </Link>
  );
}
