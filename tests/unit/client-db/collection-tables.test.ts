import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { COLLECTION_DEFINITIONS, COLLECTIONS } from '../../../src/protocol/collections';
import { openInboxDatabase } from '../../../src/client-db/inbox-database';

/** The database exactly as the build before the collection registry declared it. */
function openAsPreviousBuild(name: string, upTo = Infinity): Dexie {
  const db = new Dexie(name);
  db.version(1).stores({
    conversations: 'id, status, agent_id, last_update_ts, priority, *tags',
    messages: 'id, conversation_id, [conversation_id+timestamp_ts], target_id',
    contacts: 'id, email',
    tags: 'slug',
    bases: 'key',
    outbox: '++id, state, seq, target_key',
    meta: 'key',
  });
  db.version(2).stores({ drafts: 'id, conversation_id', presence: 'key, conversation_id' });
  db.version(3).stores({ conversations: 'id, status, agent_id, last_update_ts, *tags, [priority+last_update_ts], contact_id' });
  // Since: the outbox's indexes of issue 11 and the snippet library (issue 14).
  db.version(4).stores({
    outbox: '++id, state, seq, target_key, client_id, *target_keys, [state+kind]',
    snippet_categories: 'id, parent_id',
    snippets: 'id, shortcut',
  });
  // The knowledge base (issue 16).
  db.version(6).stores({ collections: 'id, parent_id, slug', articles: 'id, slug, updated_at' });
  // Custom data fields (issue 17).
  db.version(7).stores({ custom_fields: 'id, key' });
  if (upTo < 8) return db;
  // One index entry less per message (issue 13's ingest).
  db.version(8).stores({ messages: 'id, [conversation_id+timestamp_ts], target_id' });
  // Business hours (issue 37).
  db.version(10).stores({ business_hours: 'id' });
  // The onboarding checklist (issue 37).
  db.version(11).stores({ onboarding_steps: 'id' });
  // Rules (issue 37).
  db.version(12).stores({ rules: 'id, position' });
  return db;
}

function shape(db: Dexie) {
  return {
    version: db.verno,
    tables: db.tables
      .map((table) => ({ name: table.name, key: table.schema.primKey.src, indexes: table.schema.indexes.map((index) => index.src).sort() }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

describe('the local database declared from the collection registry', () => {
  it('has the same version, tables and indexes as before', async () => {
    const previous = openAsPreviousBuild('collection-tables-previous');
    const current = openInboxDatabase('collection-tables-current');
    await Promise.all([previous.open(), current.open()]);
    expect(shape(current)).toEqual(shape(previous));
    previous.close();
    current.close();
  });

  it('keys every synced collection by its protocol key', async () => {
    const db = openInboxDatabase('collection-tables-keys');
    await db.open();
    for (const col of COLLECTIONS) expect(db.table(col).schema.primKey.src, col).toBe(COLLECTION_DEFINITIONS[col].key);
    db.close();
  });

  it('opens a database the previous build wrote, with its rows', async () => {
    const previous = openAsPreviousBuild('inbox-installed');
    await previous.table('outbox').add({ seq: 1, state: 'queued', target_key: 'conversations:1' });
    await previous.table('tags').put({ slug: 'vip', name: 'VIP', is_system: false, version: 1 });
    previous.close();
    const current = openInboxDatabase('installed');
    expect(await current.outbox.count()).toBe(1);
    expect(await current.tags.get('vip')).toMatchObject({ name: 'VIP' });
    current.close();
  });

  it('still finds a conversation\'s messages by conversation_id once its own index is gone', async () => {
    const previous = openAsPreviousBuild('inbox-before-8', 7);
    await previous.table('messages').bulkPut([
      { id: 'a', conversation_id: 1, timestamp_ts: 3 },
      { id: 'b', conversation_id: 2, timestamp_ts: 1 },
      { id: 'c', conversation_id: 1, timestamp_ts: 2 },
      { id: 'd', conversation_id: 3, timestamp_ts: 5 },
    ]);
    previous.close();
    const current = openInboxDatabase('before-8');
    expect(current.messages.schema.indexes.map((index) => index.name)).not.toContain('conversation_id');
    expect((await current.messages.where('conversation_id').equals(1).toArray()).map((m) => m.id)).toEqual(['c', 'a']);
    expect((await current.messages.where('conversation_id').anyOf([3, 1]).toArray()).map((m) => m.id).sort()).toEqual(['a', 'c', 'd']);
    await current.messages.where('conversation_id').anyOf([1]).delete();
    expect((await current.messages.toArray()).map((m) => m.id).sort()).toEqual(['b', 'd']);
    current.close();
  });
});
