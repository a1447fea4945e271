import type { InboxDatabase } from '../client-db/inbox-database';
import { REMOVAL_ANIMATION_MS } from '../protocol/constants';
import type { Clock } from './connection';
import { targetKey } from './mutation-target';
import { recomputeTarget } from './recompute-visible';

/**
 * §4: a deleted note is flagged removed, then dropped after REMOVAL_ANIMATION_MS. The patch itself
 * knows the time (apply-mutation's delete-note); these timers recompute the note when it is due,
 * and `resume` recomputes every patched document once at start (a note whose time passed while
 * the worker was away is dropped then).
 */
export function createRemovalTimers(deps: { db: InboxDatabase; clock: Clock; onError: (error: unknown) => void }) {
  const { db, clock } = deps;
  const timers = new Set<unknown>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  // Every table a patched document may live in: `resume` recomputes all of them.
  const tables = () => [db.outbox, db.bases, db.conversations, db.messages, db.drafts];

  function recompute(keys: string[]): void {
    const task: Promise<void> = db
      .transaction('rw', tables(), async () => {
        for (const key of keys) await recomputeTarget(db, key, clock.now());
      })
      .catch(deps.onError)
      .finally(() => running.delete(task));
    running.add(task);
  }

  function scheduleKey(key: string, createdAt: number): void {
    if (stopped) return;
    const timer = clock.setTimeout(() => {
      timers.delete(timer);
      if (!stopped) recompute([key]);
    }, Math.max(0, createdAt + REMOVAL_ANIMATION_MS - clock.now()));
    timers.add(timer);
  }

  return {
    schedule(noteId: string, createdAt: number): void {
      scheduleKey(targetKey({ col: 'messages', id: noteId }), createdAt);
    },
    async resume(now: number): Promise<void> {
      const due: { key: string; createdAt: number }[] = [];
      await db.transaction('rw', tables(), async () => {
        const rows = await db.outbox.where('state').anyOf('queued', 'sending').toArray();
        for (const key of new Set(rows.map((row) => row.target_key))) await recomputeTarget(db, key, now);
        for (const row of rows) {
          if (row.kind === 'delete-note' && row.created_at + REMOVAL_ANIMATION_MS > now) due.push({ key: row.target_key, createdAt: row.created_at });
        }
      });
      for (const { key, createdAt } of due) scheduleKey(key, createdAt);
    },
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
    stop(): void {
      stopped = true;
      for (const timer of timers) clock.clearTimeout(timer);
      timers.clear();
    },
  };
}
