/**
 * `next` after login may only lead to a path on this origin. Anything that a browser could read
 * as another origin (`//host`, `/\host`, a scheme, encoded forms of those, control characters)
 * is refused, and the caller falls back to its default.
 */
export function sanitizeNext(next: string | null | undefined): string | null {
  if (!next) return null;
  let decoded = next;
  // Decode repeatedly so that double-encoded forms are judged as the browser would finally see them.
  for (let i = 0; i < 3; i++) {
    let once: string;
    try {
      once = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (once === decoded) break;
    decoded = once;
  }
  for (const candidate of [next, decoded]) {
    if (!candidate.startsWith('/')) return null;
    if (candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
    if (candidate.includes('\\')) return null;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(candidate)) return null;
  }
  const url = new URL(next, 'http://same.invalid');
  if (url.origin !== 'http://same.invalid') return null;
  return url.pathname + url.search + url.hash;
}
