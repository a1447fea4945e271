import { useLiveQuery } from 'dexie-react-hooks';
import { useInboxDb } from '../../sync/sync-context';

const NO_TAGS: ReadonlyMap<string, string> = new Map();

/** Tag names by slug, live (conversations carry slugs). */
export function useTagNames(): ReadonlyMap<string, string> {
  const db = useInboxDb();
  return useLiveQuery(
    async () => new Map((await db.tags.toArray()).map((tag) => [tag.slug, tag.name])),
    [db],
    NO_TAGS,
  );
}

export function tagName(names: ReadonlyMap<string, string>, slug: string): string {
  return names.get(slug) ?? slug;
}
