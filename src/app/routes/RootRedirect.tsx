import { Navigate } from 'react-router-dom';
import { signedInLastDomain } from '../session/account-store';
import { useAccountsState } from '../session/account-store-context';
import { LOGIN_PATH } from '../session/session-paths';

/** `/` (§2): the welcome screen of the last used organization if still signed in, else login. */
export function RootRedirect() {
  const domain = signedInLastDomain(useAccountsState());
  return <Navigate to={domain ? `/${domain}/bonjour` : LOGIN_PATH} replace />;
}
