import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useToasts } from '../components/Toasts';
import { signedInLastDomain } from '../session/account-store';
import { useAccountsState } from '../session/account-store-context';
import { catchAllRedirect } from './catch-all-redirect';

/**
 * An unknown path (see catchAllRedirect and docs/decisions.md). Under a signed-in organization
 * the welcome screen is that organization's; elsewhere it is the last used one's.
 */
export function CatchAll() {
  const { pathname } = useLocation();
  const params = useParams();
  const accounts = useAccountsState();
  const domain = params['domain'] !== undefined && params['domain'] in accounts.accounts ? params['domain'] : null;
  const { show } = useToasts();
  const toasted = useRef(false);
  const target = catchAllRedirect(pathname, domain ?? signedInLastDomain(accounts));

  useEffect(() => {
    if (!target.notFoundToast || toasted.current) return;
    toasted.current = true;
    show({ title: 'Page not found', body: `There is nothing at ${pathname}.`, tone: 'error', key: 'not-found' });
  }, [target.notFoundToast, pathname, show]);

  return <Navigate to={target.to} replace />;
}
