import { z } from 'zod';

const payloadSchema = z.object({ org_id: z.number().int(), seq: z.number().int() });

/**
 * A notification on CHANGES_CHANNEL (sent by runWrite in the transaction it announces): the
 * organization and its last feed seq; null for a payload of another shape. Throws on text that
 * is not JSON (the listener logs it).
 */
export function parseChangeNotification(payload: string): { orgId: number; seq: number } | null {
  const parsed = payloadSchema.safeParse(JSON.parse(payload));
  return parsed.success ? { orgId: parsed.data.org_id, seq: parsed.data.seq } : null;
}
