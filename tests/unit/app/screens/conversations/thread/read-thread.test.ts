import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readThread } from '../../../../../../src/app/screens/conversations/thread/read-thread';
import { prefetchThread, takePrefetchedThread } from '../../../../../../src/app/screens/conversations/thread/thread-prefetch';
import { openInboxDatabase, type InboxDatabase } from '../../../../../../src/client-db/inbox-database';
import type { OutboxRow } from '../../../../../../src/client-db/outbox-row';
import type { Contact } from '../../../../../../src/protocol/documents';
import { sampleMessage } from '../../../../../../src/workers/mutations/sample-documents';

let db: InboxDatabase | null = null;

afterEach(async () => {
  vi.useRealTimers();
  db?.close();
  await db?.delete();
  db = null;
});

function contact(id: number, name: string): Contact {
  return { id, name, email: `${name.toLowerCase()}@customer.example`, avatar: null, is_trusted: false, company: null, version: 1 };
}

function failedReply(overrides: Partial<OutboxRow>): OutboxRow {
  return {
    client_id: 'c-1',
    seq: 1,
    kind: 'reply',
    target_key: 'conversations:1',
    args: {} as OutboxRow['args'],
    created_at: 0,
    send_at: 0,
    state: 'failed',
    attempts: 1,
    error: 'The message could not be sent.',
    temp_id: null,
    ...overrides,
  };
}

async function seeded(): Promise<InboxDatabase> {
  db = openInboxDatabase(`read-thread-${Math.random().toString(36).slice(2)}`);
  await db.contacts.bulkPut([contact(1, 'Ada'), contact(2, 'Grace')]);
  await db.messages.bulkPut([
    sampleMessage({ id: 'm-3', conversation_id: 1, timestamp_ts: 3_000, agent_id: 9, contact_id: null, message: 'On it' }),
    sampleMessage({ id: 'm-1', conversation_id: 1, timestamp_ts: 1_000, agent_id: null, contact_id: 1, message: 'My order is late' }),
    sampleMessage({ id: 'm-2', conversation_id: 1, timestamp_ts: 2_000, agent_id: null, contact_id: 2, message: 'Copying my colleague' }),
    sampleMessage({ id: 'm-9', conversation_id: 2, timestamp_ts: 1_500, agent_id: null, contact_id: 1, message: 'Another conversation' }),
  ]);
  return db;
}

describe('reading a conversation\'s thread', () => {
  it('gives its entries oldest first, with every writer, the screen\'s copy of its contact standing for the stored one', async () => {
    const database = await seeded();
    // The screen's copy, renamed since it was stored: the thread names the writer as the screen does.
    const thread = await readThread(database, 1, { ...contact(1, 'Ada'), name: 'Ada Lovelace' });
    expect(thread.entries.map((entry) => entry.id)).toEqual(['m-1', 'm-2', 'm-3']);
    expect(thread.contacts.get(1)?.name).toBe('Ada Lovelace');
    // A writer other than the conversation's contact is read from the database.
    expect(thread.contacts.get(2)?.name).toBe('Grace');
    expect(thread.hasMore).toBeUndefined();
  });

  it('reads every writer when the screen holds none', async () => {
    const database = await seeded();
    const thread = await readThread(database, 1);
    expect([...thread.contacts.values()].map((c) => c.name).sort()).toEqual(['Ada', 'Grace']);
  });

  it('says whether older messages are on the server, and why a send failed', async () => {
    const database = await seeded();
    await database.meta.put({ key: 'history:1', has_more: true });
    await database.messages.put(sampleMessage({ id: 't-c-2', conversation_id: 1, timestamp_ts: 4_000, status: 'PENDING' }));
    await database.outbox.put(failedReply({ client_id: 'c-2', temp_id: 't-c-2', error: 'The recipient address was refused.' }));
    const thread = await readThread(database, 1);
    expect(thread.hasMore).toBe(true);
    expect(thread.failures.get('t-c-2')).toBe('The recipient address was refused.');
    expect(thread.failures.size).toBe(1);
  });
});

describe('a thread read as its row is pressed', () => {
  it('is handed, answered, to the conversation that opens, once', async () => {
    const database = await seeded();
    prefetchThread(database, 1, contact(1, 'Ada'));
    // Another conversation opening does not take it.
    expect(takePrefetchedThread(database, 2)).toBeNull();
    const read = takePrefetchedThread(database, 1);
    expect(read?.conversationId).toBe(1);
    const thread = await read?.answer;
    expect(thread?.entries.map((entry) => entry.id)).toEqual(['m-1', 'm-2', 'm-3']);
    expect(read?.value).toBe(thread);
    expect(takePrefetchedThread(database, 1)).toBeNull();
  });

  it('is not used once it is two seconds old, nor by another organization\'s database', async () => {
    const database = await seeded();
    vi.useFakeTimers({ toFake: ['Date'] });
    prefetchThread(database, 1, undefined);
    const other = openInboxDatabase(`read-thread-other-${Math.random().toString(36).slice(2)}`);
    try {
      expect(takePrefetchedThread(other, 1)).toBeNull();
    } finally {
      other.close();
      await other.delete();
    }
    vi.advanceTimersByTime(2_001);
    expect(takePrefetchedThread(database, 1)).toBeNull();
  });
});
