import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/server-migrations';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/open-database';
import { visitorConversationQuery } from '../../src/server/chat/visitor-queries';
import { feedBounds } from '../../src/server/realtime/change-feed';
import { lastConversationsQuery } from '../../src/server/contacts/contact-queries';
import { threadMessagesQuery } from '../../src/server/messages/message-queries';
import { seedOrganization } from '../../src/server/seed/seed-organization';

/**
 * SQLite has no statistics until ANALYZE runs, so it picks an index by the query's shape alone.
 * A bootstrap reads the messages of 500 conversations at a time; walking the whole organization's
 * messages for each page made it grow with pages × messages (at 40,000 conversations, 9.5 s of
 * reads instead of 3.5 s).
 */
describe("reading an organization's threads and a contact's conversations on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), 'tenant-reads-'));
  let handle: DatabaseHandle;
  const orgIds: number[] = [];

  beforeAll(async () => {
    handle = openDatabase({ databaseUrl: null, dataDir: dir });
    await migrateToLatest(handle);
    for (const org of ['threads-a', 'threads-b']) {
      await seedOrganization(handle, { org, conversations: 30, messagesPerConversation: 4 });
      const row = await handle.db.selectFrom('organizations').select('id').where('slug', '=', org).executeTakeFirstOrThrow();
      orgIds.push(row.id);
    }
  });

  afterAll(async () => {
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  async function conversationIds(orgId: number): Promise<number[]> {
    return (await handle.db.selectFrom('conversations').select('id').where('org_id', '=', orgId).orderBy('id').execute()).map((row) => row.id);
  }

  async function planOf(query: { compile(): CompiledQuery }): Promise<string> {
    const compiled = query.compile();
    const plan = await handle.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
    return plan.rows.map((row) => row.detail).join(' | ');
  }

  it("reads a page of conversations' messages one conversation at a time through the tenant thread index, unsorted", async () => {
    const [orgId] = orgIds as [number];
    const ids = (await conversationIds(orgId)).slice(0, 20);
    const plan = await planOf(threadMessagesQuery(handle.db, orgId, ids));
    expect(plan).toContain('messages_tenant_thread_index (org_id=? AND conversation_id=?)');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('reads one open conversation the same way', async () => {
    const [orgId] = orgIds as [number];
    const [first] = await conversationIds(orgId);
    expect(await planOf(threadMessagesQuery(handle.db, orgId, [first as number]))).toContain('messages_tenant_thread_index (org_id=? AND conversation_id=?)');
  });

  it("returns the shown messages of the named conversations, thread by thread, and none of another organization's", async () => {
    const [orgA, orgB] = orgIds as [number, number];
    const ids = (await conversationIds(orgA)).slice(0, 5);
    const rows = await threadMessagesQuery(handle.db, orgA, ids).execute();
    expect(rows.length).toBeGreaterThanOrEqual(ids.length);
    expect(new Set(rows.map((row) => row.conversation_id))).toEqual(new Set(ids));
    const order = rows.map((row) => [row.conversation_id, Number(row.timestamp_ts), row.id] as const);
    const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    expect(order).toEqual(sorted);
    expect(rows.every((row) => row.is_removed === 0 && row.org_id === orgA)).toBe(true);
    expect(await threadMessagesQuery(handle.db, orgB, ids).execute()).toEqual([]);
  });

  it("finds a chat visitor's latest conversation with one seek of the contact index", async () => {
    const [orgId] = orgIds as [number];
    const contact = await handle.db.selectFrom('contacts').select('id').where('org_id', '=', orgId).executeTakeFirstOrThrow();
    expect(await planOf(visitorConversationQuery(handle.db, orgId, contact.id))).toContain('conversations_contact_index (org_id=? AND contact_id=?)');
  });

  it("finds a contact's latest conversations for its profile in the contact index, not by walking the organization's newest", async () => {
    const [orgId] = orgIds as [number];
    const contact = await handle.db.selectFrom('contacts').select('id').where('org_id', '=', orgId).executeTakeFirstOrThrow();
    const plan = await planOf(lastConversationsQuery(handle.db, orgId, contact.id));
    expect(plan).toContain('conversations_contact_index (org_id=? AND contact_id=?)');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it("gives each organization the first and last position of its own feed, and an empty feed none", async () => {
    const [orgA, orgB] = orgIds as [number, number];
    const ends = async (orgId: number) => {
      const row = await handle.db.selectFrom('changes').select((eb) => [eb.fn.min('org_seq').as('oldest'), eb.fn.max('org_seq').as('latest')]).where('org_id', '=', orgId).executeTakeFirstOrThrow();
      return { oldest: Number(row.oldest), latest: Number(row.latest) };
    };
    const seededA = await ends(orgA);
    const seededB = await ends(orgB);
    // Each organization counts its own feed from 1: the second seeding did not continue the first's.
    expect(seededA.oldest).toBe(1);
    expect(seededB.oldest).toBe(1);
    // A change of the first organization after the second's: its feed moves, the other's does not.
    await handle.db
      .insertInto('changes')
      .values({ org_id: orgA, org_seq: seededA.latest + 1, col: 'tags', doc_id: 'late', action: 'insert', doc: '{}', mutation_id: null, audience: null, created_at: Date.now() })
      .execute();
    expect(await feedBounds(handle.db, orgA)).toEqual({ oldest: seededA.oldest, latest: seededA.latest + 1 });
    expect(await feedBounds(handle.db, orgB)).toEqual(seededB);
    const nobody = Math.max(orgA, orgB) + 1000;
    expect(await feedBounds(handle.db, nobody)).toEqual({ oldest: null, latest: 0 });
  });
});
