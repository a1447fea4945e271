import { useLiveQuery } from 'dexie-react-hooks';
import type { Rule, Tag } from '../../../protocol/documents';
import { useInboxDb } from '../../sync/sync-context';

/** The organization's rules in order, with the tags their form offers, live from IndexedDB: offline too. */
export function useRules(): { rules: Rule[]; tags: Tag[] } | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    const [rules, tags] = await Promise.all([db.rules.toArray(), db.tags.toArray()]);
    rules.sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
    tags.sort((a, b) => a.name.localeCompare(b.name));
    return { rules, tags };
  }, [db]);
}

/** A new rule's id, chosen here so it can be created and edited offline. */
export function newRuleId(): string {
  return `ru-${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
}
