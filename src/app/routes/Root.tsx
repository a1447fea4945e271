import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { NotificationClicks } from '../pwa/NotificationClicks';

/** Behaviour shared by every screen: scroll reset, document title, navigation progress. */
export function Root() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const title = useMatches()
    .map((match) => titleOf(match.handle))
    .filter((value) => value !== null)
    .at(-1);

  // §2: navigation resets scroll to the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    document.title = title ? `${title} · Support Inbox` : 'Support Inbox';
  }, [title]);

  return (
    <>
      {navigation.state === 'loading' && <div className="nav-progress" role="progressbar" aria-label="Loading page" />}
      <NotificationClicks />
      <Outlet />
    </>
  );
}

function titleOf(handle: unknown): string | null {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return null;
  return typeof handle.title === 'string' ? handle.title : null;
}
