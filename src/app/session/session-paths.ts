import { sanitizeNext } from '../../protocol/next-path';

export const LOGIN_PATH = '/auth/login';

/** Where signing in leads anyway: the organization's root and its plain conversations list. */
const LANDING = /^\/[^/?#]+(?:\/|\/conversations\/?)?$/;

/**
 * Where a session that has ended (a 401, §4) or is missing sends the user: login, with the
 * current path as `next` (a conversation, a filtered list, a settings page: a deep link opened
 * while signed out lands there after sign-in), unless it is where signing in leads anyway.
 */
export function loginPathAfterSessionEnd(currentPath: string): string {
  if (LANDING.test(currentPath) || sanitizeNext(currentPath) === null) return LOGIN_PATH;
  return `${LOGIN_PATH}?next=${encodeURIComponent(currentPath)}`;
}

/**
 * Where to go after signing in to `slug`: the sanitised `next` when it leads into that same
 * organization, else its conversations. A `next` into another organization is dropped, as it
 * would only bounce back to login.
 */
export function destinationAfterSignIn(next: string | null, slug: string): string {
  const safe = sanitizeNext(next);
  if (safe !== null && firstSegment(safe) === slug) return safe;
  return `/${slug}/conversations`;
}

/** A conversations page or list of an organization (its filters and custom inboxes in the query). */
const CONVERSATIONS = /^\/[^/?#]+\/conversations(?:[/?#]|$)/;

/**
 * Whether a sign-in with this `next` shows the conversations screen, whatever the organization
 * (destinationAfterSignIn): no usable `next`, or one into the conversations.
 */
export function signInShowsConversations(next: string | null): boolean {
  const safe = sanitizeNext(next);
  return safe === null || CONVERSATIONS.test(safe);
}

export function firstSegment(path: string): string {
  return path.split(/[/?#]/)[1] ?? '';
}
