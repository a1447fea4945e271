/**
 * A row id has one written form: decimal digits, the first not 0, within the safe integer range.
 * `0x6`, `6.0`, `6e0`, ` 6`, `06` and `+6` all read as 6 through `Number()`, so every id that
 * enters as text (a path, a query, a message id's number) goes through here and nowhere else.
 */
export const CANONICAL_ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/** The id the text names, or null for any text that is not an id in its canonical form. */
export function parseCanonicalId(text: string): number | null {
  if (!CANONICAL_ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** An id that arrived as a number (a JSON body): a positive safe integer. */
export function isCanonicalId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}
