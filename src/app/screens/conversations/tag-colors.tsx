import { createContext, use } from 'react';
import type { ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useInboxDb } from '../../sync/sync-context';

const NO_COLORS: ReadonlyMap<string, string> = new Map();
const TagColorsContext = createContext<ReadonlyMap<string, string>>(NO_COLORS);

/** The colours chosen on the Tags page, by slug, read once for every tag shown (rows, header). */
export function TagColorsProvider({ children }: { children: ReactNode }) {
  const db = useInboxDb();
  const colors = useLiveQuery(
    async () => new Map((await db.tags.toArray()).flatMap((tag) => (tag.color ? [[tag.slug, tag.color] as const] : []))),
    [db],
    NO_COLORS,
  );
  return <TagColorsContext value={colors}>{children}</TagColorsContext>;
}

export function useTagColors(): ReadonlyMap<string, string> {
  return use(TagColorsContext);
}
