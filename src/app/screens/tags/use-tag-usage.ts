import { useLiveQuery } from 'dexie-react-hooks';
import type { Tag } from '../../../protocol/documents';
import { useInboxDb } from '../../sync/sync-context';

export type TagUsage = Tag & { conversations: number };

/** The organization's tags, by name, each with how many conversations on this device carry it (live). */
export function useTagUsage(): TagUsage[] | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    const tags = await db.tags.toArray();
    const counts = await Promise.all(tags.map((tag) => db.conversations.where('tags').equals(tag.slug).count()));
    return tags
      .map((tag, index) => ({ ...tag, conversations: counts[index] ?? 0 }))
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.slug.localeCompare(b.slug));
  }, [db]);
}

export function conversationCount(count: number): string {
  return `${count} ${count === 1 ? 'conversation' : 'conversations'}`;
}
