import { useLiveQuery } from 'dexie-react-hooks';
import type { Snippet, SnippetCategory } from '../../../protocol/documents';
import { useInboxDb } from '../../sync/sync-context';

export type SnippetLibrary = { snippets: Snippet[]; categories: SnippetCategory[] };

/** The organization's snippets (by name) and categories, live from IndexedDB: offline too. */
export function useSnippetLibrary(): SnippetLibrary | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    const [snippets, categories] = await Promise.all([db.snippets.toArray(), db.snippet_categories.toArray()]);
    snippets.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1));
    return { snippets, categories };
  }, [db]);
}

/** A new snippet's or category's id, chosen here so it can be created and edited offline. */
export function newLibraryId(prefix: 'sn' | 'sc'): string {
  return `${prefix}-${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
}
