import { useLiveQuery } from 'dexie-react-hooks';
import { BUSINESS_HOURS_ID, type BusinessHoursDocument } from '../../../protocol/documents';
import { useInboxDb } from '../../sync/sync-context';

/** The organization's business hours document, live from IndexedDB (offline too); undefined while it loads or before the first sync. */
export function useBusinessHours(): BusinessHoursDocument | undefined {
  const db = useInboxDb();
  return useLiveQuery(() => db.business_hours.get(BUSINESS_HOURS_ID), [db]);
}

/**
 * The server's refusal of the latest save (its §8 text, "field: message"), while no later save
 * replaced it: the hours screen shows it in place. Null when there is none.
 */
export function useHoursRefusal(doc: BusinessHoursDocument | undefined): string | null {
  const db = useInboxDb();
  const failed = useLiveQuery(
    () =>
      db.outbox
        .where('state')
        .equals('failed')
        .filter((row) => row.kind === 'save-business-hours')
        .toArray(),
    [db],
  );
  const latest = failed?.sort((a, b) => b.created_at - a.created_at)[0];
  if (!latest?.error) return null;
  return latest.created_at >= (doc?.updated_at ?? 0) ? latest.error : null;
}
