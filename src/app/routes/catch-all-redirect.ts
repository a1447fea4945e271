import { LOGIN_PATH, firstSegment } from '../session/session-paths';

/** Top-level names of signed-out screens: a wrong path under them is a broken link to login. */
const PUBLIC_PREFIXES = ['auth', 'create', 'invite', 'validate'];

export type CatchAllRedirect = { to: string; notFoundToast: boolean };

/**
 * The intended catch-all (docs/decisions.md): an unknown path under a signed-out prefix goes to
 * login; any other unknown path goes to the welcome screen of the organization the user is
 * signed in to, with a "Page not found" toast, or to login when there is none.
 */
export function catchAllRedirect(pathname: string, signedInDomain: string | null): CatchAllRedirect {
  if (PUBLIC_PREFIXES.includes(firstSegment(pathname)) || signedInDomain === null) {
    return { to: LOGIN_PATH, notFoundToast: false };
  }
  return { to: `/${signedInDomain}/bonjour`, notFoundToast: true };
}
