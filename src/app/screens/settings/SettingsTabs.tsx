import { Link, useLocation } from 'react-router-dom';

/** Tabs between the pages of one settings section (e.g. account: general, security). */
export function SettingsTabs({ label, tabs }: { label: string; tabs: readonly { to: string; label: string }[] }) {
  const { pathname } = useLocation();
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.to} to={tab.to} className="tab" aria-current={pathname === tab.to ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export function accountTabs(slug: string) {
  return [
    { to: `/${slug}/account/general`, label: 'General' },
    { to: `/${slug}/account/security`, label: 'Security' },
    { to: `/${slug}/account/notifications`, label: 'Notifications' },
  ] as const;
}
