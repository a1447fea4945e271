import type { InboxDatabase } from '../../client-db/inbox-database';
import type { Clock } from '../socket/connection';

const DAY_MS = 24 * 3600_000;
/** Conversations deleted per transaction, so that an eviction never holds the database for long. */
export const EVICTION_BATCH = 200;
/** After READY, the eviction waits this long, so the first screen and the catch-up go first. */
export const EVICTION_DELAY_MS = 5_000;
/** At most one eviction per this long per engine (READY comes with every reconnection). */
export const EVICTION_INTERVAL_MS = 3600_000;

/**
 * The replication window (issue 13): a device keeps open, waiting and unread conversations, and
 * closed ones updated within the agent's window (`replication_days`); the server's bootstrap
 * leaves older ones out, and this drops those that aged out of it since. A conversation stays,
 * whatever its age, while an outbox row (pending or failed) or a draft names it, or while it was
 * opened within the window (`cached:<id>`, written when it was fetched on demand). Its messages
 * and its history mark go with it. Resolves to how many conversations left.
 */
export async function evictOutsideWindow(db: InboxDatabase, cutoff: number): Promise<number> {
  const candidates = await db.conversations
    .where('last_update_ts')
    .below(cutoff)
    .filter((conversation) => conversation.status === 'CLOSED' && !conversation.is_unread && conversation.id > 0)
    .primaryKeys();
  let evicted = 0;
  for (let start = 0; start < candidates.length; start += EVICTION_BATCH) {
    const batch = candidates.slice(start, start + EVICTION_BATCH);
    evicted += await db.transaction('rw', [db.conversations, db.messages, db.meta, db.outbox, db.drafts], async () => {
      // Read inside the transaction: a row queued meanwhile keeps its conversation.
      const kept = await keptConversations(db, cutoff);
      const leaving: number[] = [];
      for (const id of batch) {
        const conversation = await db.conversations.get(id);
        if (conversation && conversation.status === 'CLOSED' && !conversation.is_unread && conversation.last_update_ts < cutoff && !kept.has(id)) leaving.push(id);
      }
      if (leaving.length === 0) return 0;
      await db.messages.where('conversation_id').anyOf(leaving).delete();
      await db.meta.bulkDelete(leaving.flatMap((id) => [`history:${id}`, `cached:${id}`] as const));
      await db.conversations.bulkDelete(leaving);
      return leaving.length;
    });
  }
  return evicted;
}

/** Conversations that stay on the device whatever their age. */
async function keptConversations(db: InboxDatabase, cutoff: number): Promise<Set<number>> {
  const kept = new Set<number>();
  const add = (value: unknown) => {
    if (typeof value === 'number') kept.add(value);
  };
  for (const row of await db.outbox.toArray()) {
    const args = row.args as Record<string, unknown>;
    add(args['conversation_id']);
    add(args['into']);
    if (Array.isArray(args['conversation_ids'])) for (const id of args['conversation_ids']) add(id);
    for (const key of row.target_keys ?? []) if (key.startsWith('conversations:')) add(Number(key.slice('conversations:'.length)));
  }
  for (const draft of await db.drafts.toArray()) add(draft.conversation_id);
  for (const row of await db.meta.where('key').startsWith('cached:').toArray()) {
    if ('at' in row && row.at >= cutoff) add(Number(row.key.slice('cached:'.length)));
  }
  return kept;
}

/** Runs the eviction a while after READY, at most once an interval, one at a time. */
export function createEviction(deps: { db: InboxDatabase; clock: Clock; onError: (error: unknown) => void; onEvicted?: (count: number) => void }) {
  const { db, clock } = deps;
  let timer: unknown = null;
  let lastRun = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  let stopped = false;
  return {
    /** After a READY that names the agent's window (0: keep everything). */
    schedule(windowDays: number): void {
      if (stopped || windowDays <= 0 || timer !== null || running || clock.now() - lastRun < EVICTION_INTERVAL_MS) return;
      timer = clock.setTimeout(() => {
        timer = null;
        if (stopped) return;
        lastRun = clock.now();
        running = evictOutsideWindow(db, clock.now() - windowDays * DAY_MS)
          .then((count) => deps.onEvicted?.(count))
          .catch(deps.onError)
          .finally(() => {
            running = null;
          });
      }, EVICTION_DELAY_MS);
    },
    async idle(): Promise<void> {
      await running;
    },
    stop(): void {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
