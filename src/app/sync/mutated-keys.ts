import { cmp, RangeSet, type ObservabilitySet } from 'dexie';

/** What one committed write did to a table: the keys it touched, or `all` for a range (a clear, a bulk write). */
export type MutatedKeys = { all: boolean; keys: Set<string | number> };

/**
 * The keys of `table` a committed write touched, as Dexie reports it (`storagemutated`, from the
 * sync worker too): null when the write left the table alone. Dexie reports a write of 50
 * documents or more, a clear and a range delete as a range, not as keys: `all` is then set.
 */
export function mutatedKeys(parts: ObservabilitySet, databaseName: string, table: string): MutatedKeys | null {
  if (parts['all']) return { all: true, keys: new Set() };
  const prefix = `idb://${databaseName}/${table}/`;
  let found: MutatedKeys | null = null;
  for (const part of [prefix, `${prefix}:dels`]) {
    const tree = parts[part];
    if (!tree) continue;
    found ??= { all: false, keys: new Set() };
    for (const range of RangeSet(tree)) {
      if (cmp(range.from, range.to) !== 0) found.all = true;
      else if (typeof range.from === 'string' || typeof range.from === 'number') found.keys.add(range.from);
    }
  }
  return found;
}
