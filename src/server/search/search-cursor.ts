import { z } from 'zod';

/** Where a page of search results ended: the score, time and id of its last conversation. */
export type SearchCursor = { score: number; ts: number; id: number };

const cursorSchema = z.object({ s: z.number().int().nonnegative(), t: z.number().int(), i: z.number().int().positive() });

/** Opaque to clients: base64url JSON, like the list's cursor. */
export function encodeSearchCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.score, t: cursor.ts, i: cursor.id }), 'utf8').toString('base64url');
}

/** The cursor, or null when it is not one of ours. */
export function decodeSearchCursor(text: string): SearchCursor | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? { score: parsed.data.s, ts: parsed.data.t, id: parsed.data.i } : null;
  } catch {
    return null;
  }
}
