import type { Clock } from '../clock';
import type { Db } from '../db/database';

/**
 * Where rate-limit counters live: fixed windows per key, shared by every server instance on the
 * same database. A key's window starts at its first event and lasts `windowMs`; an event after
 * it starts a new one.
 */
export type RateLimitStore = {
  /** Counts one event of `key`; resolves to the number of events in its current window, this one included. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The number of events in the key's current window (0 when none is running); counts nothing. */
  count(key: string): Promise<number>;
  /** Forgets the key's window. */
  reset(key: string): Promise<void>;
};

/** Expired windows are deleted at most this often (per instance), on a hit. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The counters in the `rate_limits` table (migration 0008), on SQLite and PostgreSQL alike: one
 * atomic upsert per event, so two instances counting the same key at the same moment both
 * count, and each sees its own total. SQLite has a single instance, but the same code path keeps
 * one tested implementation and survives a restart, which a lockout should.
 */
export function createSqlRateLimitStore(db: Db, clock: Clock): RateLimitStore {
  let lastSweep = 0;

  const sweep = async (now: number) => {
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    await db.deleteFrom('rate_limits').where('window_ends_at', '<=', now).execute();
  };

  return {
    async hit(key, windowMs) {
      const now = clock();
      await sweep(now);
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_ends_at: now + windowMs, count: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet((eb) => {
            // Both expressions read the row as it was before this update.
            const expired = eb('rate_limits.window_ends_at', '<=', now);
            return {
              count: eb.case().when(expired).then(1).else(eb('rate_limits.count', '+', 1)).end(),
              window_ends_at: eb.case().when(expired).then(now + windowMs).else(eb.ref('rate_limits.window_ends_at')).end(),
            };
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async count(key) {
      const row = await db.selectFrom('rate_limits').select('count').where('key', '=', key).where('window_ends_at', '>', clock()).executeTakeFirst();
      return row ? Number(row.count) : 0;
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}
