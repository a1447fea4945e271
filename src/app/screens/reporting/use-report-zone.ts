import { useBusinessHours } from '../hours/use-business-hours';

/**
 * The organization's time zone for reports (its business hours' zone, UTC without) and whether it
 * has hours (the business-hours toggle); undefined while the document loads.
 */
export function useReportZone(): { zone: string; hasHours: boolean } | undefined {
  const doc = useBusinessHours();
  if (doc === undefined) return undefined;
  return { zone: doc?.hours?.timezone ?? 'UTC', hasHours: Boolean(doc?.hours) };
}
