import type { z } from 'zod';

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
