import { PENDING_MESSAGE_DELAY_S, REPLY_HOLD_MAX_S, REPLY_HOLD_MIN_S } from '../protocol/constants';
import type { InboxDatabase, ReplyHoldMeta } from './inbox-database';

/**
 * The hold of a non-chat reply is the server's setting (REPLY_HOLD_S). The server tells the
 * device with every READY (`reply_hold_s`); the feed writer stores it in meta `reply-hold` in
 * READY's transaction, and a reply enqueued later, offline too, is held as long; the app reads
 * it to say how long a send is held. A device that has never heard one uses the spec's
 * PENDING_MESSAGE_DELAY_S.
 */

/** READY's `reply_hold_s`, or null when it is missing or not a hold the server may set (an older server). */
export function replyHoldOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= REPLY_HOLD_MIN_S && value <= REPLY_HOLD_MAX_S ? value : null;
}

/** The meta row that stores it. */
export function replyHoldRow(seconds: number): ReplyHoldMeta {
  return { key: 'reply-hold', seconds };
}

/** The hold the device last heard, in seconds; PENDING_MESSAGE_DELAY_S before it has heard one (read inside the caller's transaction, if any). */
export async function storedReplyHold(db: InboxDatabase): Promise<number> {
  const row = await db.meta.get('reply-hold');
  return row?.key === 'reply-hold' ? row.seconds : PENDING_MESSAGE_DELAY_S;
}
