import type { InboxDatabase } from '../../client-db/inbox-database';
import type { MutationInput } from '../../client-db/outbox-row';
import type { Clock } from '../socket/connection';
import { definitionOf, targetKeysOf } from '../mutations/mutation-registry';
import { outboxTables } from './outbox-store';
import { recomputeTarget } from '../engine/recompute-visible';

/**
 * Patches that change by themselves after a while (MutationDefinition.changesAfterMs: §4, a
 * deleted note is flagged removed, then dropped after its animation). The patch itself knows the
 * time; these timers recompute the row's documents when it is due, and `resume` recomputes every
 * patched document once at start (a note whose time passed while the worker was away is dropped
 * then).
 */
export function createRemovalTimers(deps: { db: InboxDatabase; clock: Clock; onError: (error: unknown) => void }) {
  const { db, clock } = deps;
  const timers = new Set<unknown>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  function recompute(keys: readonly string[]): void {
    const task: Promise<void> = db
      .transaction('rw', outboxTables(db), async () => {
        for (const key of keys) await recomputeTarget(db, key, clock.now());
      })
      .catch(deps.onError)
      .finally(() => running.delete(task));
    running.add(task);
  }

  function scheduleKeys(keys: readonly string[], dueAt: number): void {
    if (stopped) return;
    const timer = clock.setTimeout(() => {
      timers.delete(timer);
      if (!stopped) recompute(keys);
    }, Math.max(0, dueAt - clock.now()));
    timers.add(timer);
  }

  /** When a row's patch changes by itself, or null when it never does. */
  const dueAt = (input: MutationInput, createdAt: number) => {
    const after = definitionOf(input).changesAfterMs;
    return after === undefined ? null : createdAt + after;
  };

  return {
    /** A row just recorded (not yet sent: its documents are its targets as given). */
    schedule(input: MutationInput, createdAt: number): void {
      const due = dueAt(input, createdAt);
      if (due !== null) scheduleKeys(targetKeysOf({ args: input, temp_id: null }), due);
    },
    async resume(now: number): Promise<void> {
      const later: { keys: string[]; due: number }[] = [];
      await db.transaction('rw', outboxTables(db), async () => {
        const rows = await db.outbox.where('state').anyOf('queued', 'sending').toArray();
        for (const key of new Set(rows.map((row) => row.target_key))) await recomputeTarget(db, key, now);
        for (const row of rows) {
          const due = dueAt(row.args, row.created_at);
          if (due !== null && due > now) later.push({ keys: targetKeysOf(row), due });
        }
      });
      for (const { keys, due } of later) scheduleKeys(keys, due);
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
