/**
 * A row id has one written form: decimal digits, the first not 0, at most MAX_ROW_ID.
 * `0x6`, `6.0`, `6e0`, ` 6`, `06` and `+6` all read as 6 through `Number()`, so every id that
 * enters as text (a path, a query, a message id's number) goes through here and nowhere else.
 */
export const CANONICAL_ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/**
 * The largest id a row can have: ids are PostgreSQL `integer` columns (and SQLite's are declared
 * the same), so a larger number names no row, and PostgreSQL refuses to compare it (22003, "out
 * of range for type integer", which answered 500).
 */
export const MAX_ROW_ID = 2_147_483_647;

/** The id the text names, or null for any text that is not an id in its canonical form. */
export function parseCanonicalId(text: string): number | null {
  if (!CANONICAL_ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ROW_ID ? id : null;
}

/** An id that arrived as a number (a JSON body): a positive integer of at most MAX_ROW_ID. */
export function isCanonicalId(value: number): boolean {
  return Number.isInteger(value) && value > 0 && value <= MAX_ROW_ID;
}

const QUERY_ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/**
 * An id inside an inbox query (`assigned:7`, `contact:12`): canonical text, a safe integer. A
 * query names a set, not a row, so an id beyond any row is no error: it matches nothing (the
 * server compares such ids as bigint, inbox-query-sql.ts).
 */
export function parseQueryId(text: string): number | null {
  if (!QUERY_ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
