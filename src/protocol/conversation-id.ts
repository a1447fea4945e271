/**
 * The id rule of the conversation route (§2): a numeric id is a number; a two-character id
 * starting with `i` is kept as text; anything else becomes 0.
 */
export function parseConversationId(raw: string | undefined): number | string {
  if (raw === undefined) return 0;
  if (/^[0-9]+$/.test(raw)) {
    const id = Number(raw);
    return Number.isSafeInteger(id) ? id : 0;
  }
  if (raw.length === 2 && raw.startsWith('i')) return raw;
  return 0;
}
