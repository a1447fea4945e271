/**
 * Organization slugs are the first segment of every signed-in URL (`/{domain}/…`), so they must
 * never be one of the top-level names the server or the app uses.
 */
export const RESERVED_SLUGS = [
  'api', 'auth', 'create', 'invite', 'validate', 'stream', 'ping', 'metrics', 'assets',
  'icons', 'widget', 'widget.js', 'manifest.webmanifest', 'sw.js', 'service-worker.js',
  'workbox', 'favicon.ico', 'robots.txt', 'index.html', 'static', 'admin', 'login', 'logout',
  'signup', 'register', 'help', 'docs', 'www', 'mail', 'app', 'bonjour', 'settings', 'new',
  'unsubscribe',
] as const;

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** The reason a slug is refused, or null when it is acceptable. */
export function slugProblem(slug: string): string | null {
  if (slug.length < 2) return 'must be at least 2 characters';
  if (slug.length > 40) return 'must be at most 40 characters';
  if (!SLUG_PATTERN.test(slug)) {
    return 'may contain only lowercase letters, digits and inner hyphens';
  }
  if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return 'is reserved';
  return null;
}

/** A suggestion derived from an organization name: "Acme Inc." → "acme-inc". */
export function suggestSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}
