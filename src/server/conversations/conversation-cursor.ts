import { z } from 'zod';
import type { Conversation } from '../../protocol/documents';

export type ConversationOrder = 'priority' | 'newest' | 'oldest';

/** Where a page ended: the sort key of its last conversation, under the order it was read in. */
export type ConversationCursor = { order: ConversationOrder; priority: number; ts: number; id: number };

const cursorSchema = z.object({
  o: z.enum(['priority', 'newest', 'oldest']),
  p: z.number().int(),
  t: z.number().int(),
  i: z.number().int().positive(),
});

/** Opaque to clients: base64url JSON, so the page key can change without breaking them. */
export function encodeConversationCursor(order: ConversationOrder, last: Pick<Conversation, 'priority' | 'last_update_ts' | 'id'>): string {
  const json = JSON.stringify({ o: order, p: last.priority, t: last.last_update_ts, i: last.id });
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** The cursor, or null when it is not one of ours or belongs to another order. */
export function decodeConversationCursor(text: string, order: ConversationOrder): ConversationCursor | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.o !== order) return null;
    return { order, priority: parsed.data.p, ts: parsed.data.t, id: parsed.data.i };
  } catch {
    return null;
  }
}
