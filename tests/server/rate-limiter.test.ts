import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSqlRateLimitStore, type RateLimitStore } from '../../src/server/auth/rate-limit-store';
import { createRateLimiter } from '../../src/server/auth/rate-limiter';
import type { Db } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/server-migrations';
import { openDatabase } from '../../src/server/db/open-database';
import { createTestDatabase, dropTestDatabase } from '../support/postgres';
import type { DatabaseKind } from '../support/server-process';
import { describeEachDatabase, uid } from './server-suite';

/** A migrated database of the given kind, for the store alone (no server process). */
function useDatabase(kind: DatabaseKind): () => Db {
  let db: Db | undefined;
  let cleanup: () => Promise<void> = () => Promise.resolve();
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'inbox-limits-'));
    const databaseUrl = kind === 'postgres' ? await createTestDatabase() : null;
    const handle = openDatabase({ databaseUrl, dataDir });
    await migrateToLatest(handle);
    db = handle.db;
    cleanup = async () => {
      await handle.db.destroy();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => cleanup());
  return () => {
    if (!db) throw new Error('The database is not open yet');
    return db;
  };
}

function fakeClock(start = 1_000_000) {
  let now = start;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

describeEachDatabase('rate limiter', (database) => {
  const db = useDatabase(database);
  // One after the other: a store's sweep deletes every ended window, another test's too.
  const limiter = (store: RateLimitStore, limit: number, windowMs = 60_000) => createRateLimiter({ name: `test-${uid()}`, limit, windowMs, store });

  it.sequential('allows the limit within a window and refuses the next event', async () => {
    const { clock } = fakeClock();
    const limits = limiter(createSqlRateLimitStore(db(), clock), 3);
    const results: boolean[] = [];
    for (let i = 0; i < 4; i++) results.push(await limits.consume('ip'));
    expect(results).toEqual([true, true, true, false]);
    expect(await limits.isExhausted('ip')).toBe(true);
    expect(await limits.consume('other')).toBe(true);
  });

  it.sequential('starts a new window once the window has passed', async () => {
    const { clock, advance } = fakeClock();
    const limits = limiter(createSqlRateLimitStore(db(), clock), 2);
    await limits.consume('k');
    await limits.consume('k');
    advance(59_999);
    expect(await limits.consume('k')).toBe(false);
    advance(1);
    expect(await limits.isExhausted('k')).toBe(false);
    expect(await limits.consume('k')).toBe(true);
  });

  it.sequential('isExhausted counts nothing and reset forgets the key', async () => {
    const { clock } = fakeClock();
    const limits = limiter(createSqlRateLimitStore(db(), clock), 1, 1_000);
    expect(await limits.isExhausted('k')).toBe(false);
    expect(await limits.isExhausted('k')).toBe(false);
    expect(await limits.consume('k')).toBe(true);
    expect(await limits.isExhausted('k')).toBe(true);
    await limits.reset('k');
    expect(await limits.consume('k')).toBe(true);
  });

  it.sequential('two stores on one database count the same key together, every concurrent event exactly once', async () => {
    const { clock } = fakeClock();
    const name = `shared-${uid()}`;
    const [a, b] = [createSqlRateLimitStore(db(), clock), createSqlRateLimitStore(db(), clock)];
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).hit(name, 60_000)));
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await b.count(name)).toBe(40);
  });

  it.sequential('limits with the same key but different names never share a count', async () => {
    const { clock } = fakeClock();
    const store = createSqlRateLimitStore(db(), clock);
    const [first, second] = [limiter(store, 1), limiter(store, 1)];
    expect(await first.consume('same')).toBe(true);
    expect(await second.consume('same')).toBe(true);
    expect(await first.consume('same')).toBe(false);
  });

  it.sequential('ended windows are deleted as the store goes', async () => {
    const { clock, advance } = fakeClock(50_000_000);
    const store = createSqlRateLimitStore(db(), clock);
    const key = `sweep-${uid()}`;
    await store.hit(key, 1_000);
    advance(120_000);
    await store.hit(`other-${uid()}`, 1_000);
    const left = await db().selectFrom('rate_limits').select('key').where('key', '=', key).execute();
    expect(left).toEqual([]);
  });
});
