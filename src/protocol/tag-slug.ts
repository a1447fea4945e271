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
