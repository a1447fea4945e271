import { Navigate, useLocation, useParams } from 'react-router-dom';
import { slugProblem } from '../../protocol/slug';
import { useAccountsState } from '../session/account-store-context';
import { loginPathAfterSessionEnd } from '../session/session-paths';
import { CatchAll } from './CatchAll';
import { SignedInSession } from './SignedInSession';

/**
 * `/:domain` (§2): makes the organization in the URL the active one. Its stored token is
 * required; when it is missing (never signed in here, signed out, or a 401 ended the session)
 * this sends the user to login, keeping the path as `next` per §4.
 */
export function DomainLayout() {
  const { domain = '' } = useParams();
  const location = useLocation();
  const account = useAccountsState().accounts[domain];

  // A reserved or malformed first segment is not an organization: /auth/whatever, /invite, …
  if (slugProblem(domain) !== null) return <CatchAll />;
  if (!account) return <Navigate to={loginPathAfterSessionEnd(location.pathname + location.search)} replace />;
  return <SignedInSession key={domain} slug={domain} account={account} />;
}
