import { describe, expect, it } from 'vitest';
import { EVICTION_DELAY_MS, evictOutsideWindow } from '../../../../src/workers/feed/replication-window';
import { conversation, message, startedHarnesses } from '../../support/worker-harness';

const DAY = 24 * 3600_000;
const started = startedHarnesses();

describe('the replication window', () => {
  it('drops read closed conversations older than the window with their messages, and keeps open, waiting, unread, recent, pending, drafted and recently opened ones', async () => {
    const h = await started({ online: false });
    const now = h.clock.now();
    const old = now - 200 * DAY;
    const cutoff = now - 90 * DAY;
    await h.db.conversations.bulkPut([
      conversation({ id: 1, status: 'CLOSED', is_unread: false, last_update_ts: old }),
      conversation({ id: 2, status: 'OPENED', is_unread: false, last_update_ts: old }),
      conversation({ id: 3, status: 'WAITING', is_unread: false, last_update_ts: old }),
      conversation({ id: 4, status: 'CLOSED', is_unread: true, last_update_ts: old }),
      conversation({ id: 5, status: 'CLOSED', is_unread: false, last_update_ts: now - 10 * DAY }),
      conversation({ id: 6, status: 'CLOSED', is_unread: false, last_update_ts: old }),
      conversation({ id: 7, status: 'CLOSED', is_unread: false, last_update_ts: old }),
      conversation({ id: 8, status: 'CLOSED', is_unread: false, last_update_ts: old }),
      conversation({ id: 9, status: 'CLOSED', is_unread: false, last_update_ts: old }),
    ]);
    await h.db.messages.bulkPut([message({ id: 'm-1', conversation_id: 1 }), message({ id: 'm-2', conversation_id: 1 }), message({ id: 'm-6', conversation_id: 6 })]);
    await h.db.meta.bulkPut([
      { key: 'history:1', has_more: false },
      { key: 'cached:8', at: now - DAY },
      { key: 'cached:9', at: now - 100 * DAY },
    ]);
    // A tag queued offline on 6, and a draft on 7.
    await h.engine.mutate({ kind: 'tag', conversation_id: 6, name: 'Refunds' });
    await h.db.drafts.put({ id: 'd-1-7', conversation_id: 7, agent_id: 1, type: 'REPLY', message: 'Hi', shared_with: [], updated_at: now, version: 1 });

    expect(await evictOutsideWindow(h.db, cutoff)).toBe(2);
    expect((await h.db.conversations.toCollection().primaryKeys()).sort()).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(await h.db.messages.where('conversation_id').equals(1).count()).toBe(0);
    expect(await h.db.messages.get('m-6')).toBeDefined();
    expect(await h.db.meta.get('history:1')).toBeUndefined();
    expect(await h.db.meta.get('cached:9')).toBeUndefined();
  });

  it('runs a while after READY names the window, and not when the window is everything', async () => {
    const h = await started();
    await h.db.conversations.put(conversation({ id: 1, status: 'CLOSED', is_unread: false, last_update_ts: h.clock.now() - 400 * DAY }));
    h.socket().open();
    h.socket().receive({ action: 'READY', cursor: 0, document: { window_days: 0 } });
    await h.settle();
    h.clock.advance(EVICTION_DELAY_MS + 1);
    await h.settle();
    expect(await h.db.conversations.count()).toBe(1);

    const other = await started();
    await other.db.conversations.put(conversation({ id: 1, status: 'CLOSED', is_unread: false, last_update_ts: other.clock.now() - 400 * DAY }));
    other.socket().open();
    other.socket().receive({ action: 'READY', cursor: 0, document: { window_days: 365 } });
    await other.settle();
    expect(await other.db.conversations.count()).toBe(1);
    other.clock.advance(EVICTION_DELAY_MS + 1);
    await other.settle();
    expect(await other.db.conversations.count()).toBe(0);
  });

  it('a conversation the device does not hold is fetched with its contact when opened, and kept as recently opened', async () => {
    const h = await started();
    h.socket().open();
    h.http.autoReply((call) => {
      if (call.url.endsWith('/api/conversations/77')) call.reply(200, conversation({ id: 77, contact_id: 12, status: 'CLOSED', is_unread: false, subject: 'Old one', version: 3 }));
      else if (call.url.endsWith('/api/contacts/12')) call.reply(200, { id: 12, name: 'Ann', email: 'ann@example.com', avatar: null, is_trusted: false, company: null, version: 2 });
      else if (call.url.includes('/api/conversations/77/messages/')) call.reply(200, { messages: [message({ id: 'm-70', conversation_id: 77 })], has_more: false });
    });
    await h.engine.loadOlderMessages(77);
    expect(await h.db.conversations.get(77)).toMatchObject({ subject: 'Old one' });
    expect(await h.db.contacts.get(12)).toMatchObject({ name: 'Ann' });
    expect(await h.db.messages.get('m-70')).toBeDefined();
    expect(await h.db.meta.get('cached:77')).toEqual({ key: 'cached:77', at: h.clock.now() });
    // Kept through an eviction although it is old: it was opened within the window.
    expect(await evictOutsideWindow(h.db, h.clock.now() - DAY)).toBe(0);
  });
});
