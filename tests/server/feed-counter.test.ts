import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Conversation } from '../../src/protocol/documents';
import { migrations } from '../../src/server/server-migrations';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/open-database';
import { feedBounds, readChanges } from '../../src/server/realtime/change-feed';
import { runWrite } from '../../src/server/realtime/write-transaction';
import { createTestDatabase, dropTestDatabase } from '../support/postgres';
import { openStream, type StreamFrame } from '../support/stream-client';
import type { DatabaseKind } from '../support/server-process';
import { describeEachDatabase, useServerSuite } from './server-suite';
import { firstConversation, signUpWithInbox } from './sync-fixtures';

/** The last migration of the release whose feed counter was one for every organization. */
const BEFORE = '0025-refund-permission';

type OldRows = {
  organizations: { id?: number; slug: string; name: string; created_at: number };
  changes: { seq?: number; org_id: number; col: string; doc_id: string; action: string; doc: string; created_at: number };
};

async function openScratchDatabase(database: DatabaseKind): Promise<{ handle: DatabaseHandle; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'feed-counter-'));
  const databaseUrl = database === 'postgres' ? await createTestDatabase() : null;
  const handle = openDatabase({ databaseUrl, dataDir });
  return {
    handle,
    async dispose() {
      await handle.db.destroy();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function migrateThrough(handle: DatabaseHandle, last?: string): Promise<void> {
  const all = migrations(handle.dialect);
  const chosen = Object.fromEntries(Object.entries(all).filter(([name]) => last === undefined || name <= last));
  const { error } = await new Migrator({ db: handle.db, provider: { getMigrations: () => Promise.resolve(chosen) } }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('A migration failed', { cause: error });
}

describeEachDatabase('the feed counter per organization', (database) => {
  const suite = useServerSuite(database);

  it("another organization's writes do not move this organization's feed cursor or versions", async () => {
    const mine = await signUpWithInbox(suite, 2, 1);
    const theirs = await signUpWithInbox(suite, 2, 1);
    const socket = openStream(suite.server.url, { token: mine.session.token, init: true });
    const { before, ready } = await socket.untilReady();
    const cursor = ready.cursor ?? -1;
    const target = firstConversation(mine);
    const shown = before.flatMap((frame) => frame.documents ?? []).find((doc) => doc.id === target.id && 'status' in doc) as Conversation | undefined;
    expect(shown?.version).toBeLessThanOrEqual(cursor);

    // The other organization writes a lot: notes and status changes, dozens of feed rows.
    const other = firstConversation(theirs);
    for (let index = 0; index < 10; index += 1) {
      expect((await theirs.api.post(`conversations/${other.id}/notes`, { message: `busy ${index}` })).status).toBe(201);
    }
    // This organization writes once: one conversation update.
    const status = target.status === 'CLOSED' ? 'OPENED' : 'CLOSED';
    expect((await mine.api.post(`conversations/${target.id}/status`, { status })).status).toBe(200);

    const live = await socket.next((frame: StreamFrame) => frame.col === 'conversations');
    expect(live).toMatchObject({ action: 'update', col: 'conversations', cursor: cursor + 1, document: { id: target.id, status, version: cursor + 1 } });
    await socket.close();

    // A reconnect from the old cursor replays that one change and nothing of the other organization.
    const again = openStream(suite.server.url, { token: mine.session.token, cursor, init: false });
    const replayed = await again.untilReady();
    expect(replayed.before.filter((frame) => frame.cursor !== undefined).map((frame) => frame.cursor)).toEqual([cursor + 1]);
    expect(replayed.ready.cursor).toBe(cursor + 1);
    await again.close();
  });
});

describeEachDatabase('upgrading to a feed counter per organization', (database) => {
  it("an old database's interleaved organizations keep their cursors and versions, and each continues from its own largest", async () => {
    const scratch = await openScratchDatabase(database);
    try {
      const { handle } = scratch;
      await migrateThrough(handle, BEFORE);
      const old = handle.db as unknown as Kysely<OldRows>;
      const now = Date.now();
      const orgId = async (slug: string) =>
        Number((await old.insertInto('organizations').values({ slug, name: slug, created_at: now }).returning('id').executeTakeFirstOrThrow()).id);
      const [a, b, quiet] = [await orgId('upgrade-a'), await orgId('upgrade-b'), await orgId('upgrade-quiet')];
      // The previous release numbered every organization's rows from one counter: A 1, B 2, A 3, A 4, B 5.
      for (const [index, org] of [a, b, a, a, b].entries()) {
        await old.insertInto('changes').values({ org_id: org, col: 'tags', doc_id: `tag-${index}`, action: 'insert', doc: '{}', created_at: now }).execute();
      }
      const seqsOf = async (org: number) => (await old.selectFrom('changes').select('seq').where('org_id', '=', org).orderBy('seq').execute()).map((row) => Number(row.seq));
      const [oldA, oldB] = [await seqsOf(a), await seqsOf(b)];

      await migrateThrough(handle);

      // Old cursors and versions are still each row's position: nothing re-syncs.
      const positions = async (org: number) => (await readChanges(handle.db, org, { after: 0, limit: 100 })).map((row) => Number(row.org_seq));
      expect(await positions(a)).toEqual(oldA);
      expect(await positions(b)).toEqual(oldB);
      expect(await feedBounds(handle.db, a)).toEqual({ oldest: oldA[0], latest: oldA.at(-1) });
      // Each organization continues after its own largest, never below a cursor it handed out.
      const deps = { db: handle.db, dialect: handle.dialect, clock: () => Date.now() };
      const removeTag = (org: number) => runWrite(deps, { orgId: org }, (write) => write.remove('tags', 'gone', () => Promise.resolve()));
      expect(await removeTag(a)).toBe((oldA.at(-1) ?? 0) + 1);
      expect(await removeTag(b)).toBe((oldB.at(-1) ?? 0) + 1);
      expect(await removeTag(a)).toBe((oldA.at(-1) ?? 0) + 2);
      expect(await removeTag(quiet)).toBe(1);
      const after = await readChanges(handle.db, a, { after: oldA.at(-1) ?? 0, limit: 100 });
      expect(after.map((row) => Number(row.org_seq))).toEqual([(oldA.at(-1) ?? 0) + 1, (oldA.at(-1) ?? 0) + 2]);
      const counters = await sql<{ id: number; feed_seq: number }>`select id, feed_seq from organizations order by id`.execute(handle.db);
      expect(counters.rows.map((row) => [Number(row.id), Number(row.feed_seq)])).toEqual([
        [a, (oldA.at(-1) ?? 0) + 2],
        [b, (oldB.at(-1) ?? 0) + 1],
        [quiet, 1],
      ]);
    } finally {
      await scratch.dispose();
    }
  });
});
