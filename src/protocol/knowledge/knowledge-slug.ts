/**
 * Slugs of the help center's pages (`collections/{slug}`, `articles/{slug}`): lowercase ASCII
 * letters, digits and inner hyphens, from a title. Accents fold to their letter ("Élan" →
 * "elan"); other scripts, which fold to nothing, leave a slug of the fallback. A taken slug gets
 * the first free `-2`, `-3`… so two articles never share one.
 */
export const KNOWLEDGE_SLUG_MAX = 80;

export const KNOWLEDGE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export function slugify(title: string, fallback = 'article'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, KNOWLEDGE_SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}

/** `base`, or `base-2`, `base-3`… : the first that is not taken (kept within the length limit). */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, KNOWLEDGE_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}
