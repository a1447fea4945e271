import { parseCanonicalId } from './canonical-id';

/**
 * The id rule of the conversation route (§2): a numeric id (in its canonical form, see
 * canonical-id.ts) is a number; a two-character id starting with `i` is kept as text; anything
 * else becomes 0.
 */
export function parseConversationId(raw: string | undefined): number | string {
  if (raw === undefined) return 0;
  if (raw.length === 2 && raw.startsWith('i')) return raw;
  return parseCanonicalId(raw) ?? 0;
}
