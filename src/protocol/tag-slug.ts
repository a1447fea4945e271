/**
 * The optimistic slug of a tag name, as the device shows it before the server answers (the
 * server's answer replaces it): the worker's write, and the header of the tab that added it.
 */
export function tagSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The slug of the tag a name stands for, as the server finds it (src/server/tags/tag-queries.ts,
 * findTagByNameOrSlug): the tag of that name whatever its slug (a renamed tag keeps its first
 * one), or else the slug a new tag of that name gets. `tags`: slug and name of each tag known.
 */
export function slugOfTagNamed(name: string, tags: Iterable<readonly [slug: string, name: string]>): string {
  const wanted = name.trim().toLowerCase();
  for (const [slug, known] of tags) if (known.toLowerCase() === wanted) return slug;
  return tagSlug(name);
}
