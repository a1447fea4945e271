import type { LocalMessage } from '../../../../client-db/inbox-database';

/**
 * Entries of `previous` that are gone from `next` without being replaced by their saved copy
 * (whose target_id is the temporary id): deleted notes, or held sends undone before they left.
 */
export function departedEntries(previous: readonly LocalMessage[], next: readonly LocalMessage[]): LocalMessage[] {
  const present = new Set<string>();
  for (const entry of next) {
    present.add(entry.id);
    if (entry.target_id) present.add(entry.target_id);
  }
  return previous.filter((entry) => !present.has(entry.id) && !(entry.target_id && present.has(entry.target_id)));
}

/** The entries with the departing ones back in their place, in timestamp order. */
export function withDeparting(entries: readonly LocalMessage[], departing: readonly LocalMessage[]): LocalMessage[] {
  if (departing.length === 0) return [...entries];
  return [...entries, ...departing].sort((a, b) => a.timestamp_ts - b.timestamp_ts);
}
