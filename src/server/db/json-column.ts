import { z } from 'zod';

/**
 * Reads a JSON text column through a schema. A value that does not parse or fit gives the
 * fallback, so that one damaged row cannot break a whole listing.
 */
export function readJsonColumn<T>(text: string | null, schema: z.ZodType<T>, fallback: T): T {
  if (text === null) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

export function writeJsonColumn(value: unknown): string {
  return JSON.stringify(value);
}

/** A list column (a reply's copies, a note's mentions): its JSON, or null when the list is empty or absent. */
export function writeJsonListColumn(list: readonly unknown[] | undefined): string | null {
  return list?.length ? JSON.stringify(list) : null;
}

const copiesSchema: z.ZodType<string[] | null> = z.array(z.string()).nullable();

/** A list of addresses (a reply's or its draft's CC or BCC), null when none was stored. */
export function readCopiesColumn(text: string | null): string[] | null {
  return readJsonColumn(text, copiesSchema, null);
}
