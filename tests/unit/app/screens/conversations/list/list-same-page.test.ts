import { describe, expect, it } from 'vitest';
import type { Contact, Conversation } from '../../../../../../src/protocol/documents';
import { samePage } from '../../../../../../src/app/screens/conversations/list/same-page';
import type { ListPage } from '../../../../../../src/app/screens/conversations/list/read-list-page';

function conversation(id: number, changes: Partial<Conversation> = {}): Conversation {
  return {
    id, agent_id: null, contact_id: id, channel: 'EMAIL', channel_id: null, subject: `Subject ${id}`, status: 'OPENED',
    tags: ['billing'], recipients: [{ id: 1, from: 'a@example.com', contact_id: id }],
    last_update: 'any news?', last_update_ts: 1_000 + id, is_unread: true, priority: 0, created_at: 1_000, version: 1,
    custom_data: { plan: 'pro' }, ...changes,
  };
}

function contact(id: number, changes: Partial<Contact> = {}): Contact {
  return { id, name: `Person ${id}`, email: `p${id}@example.com`, avatar: null, is_trusted: false, company: null, version: 1, ...changes };
}

// Each read of IndexedDB returns fresh objects: pages are built anew, never shared.
function page(rows: Conversation[], contacts: Contact[] = rows.map((row) => contact(row.contact_id)), hasMore = false): ListPage {
  return { rows: structuredClone(rows), hasMore, contacts: new Map(structuredClone(contacts).map((c) => [c.id, c])) };
}

describe('a list page read again unchanged is kept as shown', () => {
  const rows = [conversation(1), conversation(2), conversation(3)];

  it('takes a fresh read of the same rows and contacts for the page already shown', () => {
    expect(samePage(page(rows), page(rows))).toBe(true);
  });

  it('shows a read where any field of a row changed, even one the version did not count', () => {
    for (const changed of [
      conversation(2, { status: 'CLOSED' }),
      conversation(2, { tags: ['billing', 'vip'] }),
      conversation(2, { tags: [] }),
      conversation(2, { custom_data: { plan: 'free' } }),
      conversation(2, { snoozed_until: 5_000 }),
      conversation(2, { is_unread: false }),
    ]) {
      expect(samePage(page(rows), page([rows[0]!, changed, rows[2]!]))).toBe(false);
    }
  });

  it('shows a read whose rows moved, arrived or left, or whose next page appeared', () => {
    expect(samePage(page(rows), page([rows[1]!, rows[0]!, rows[2]!]))).toBe(false);
    expect(samePage(page(rows), page([...rows, conversation(4)]))).toBe(false);
    expect(samePage(page(rows), page(rows.slice(1)))).toBe(false);
    expect(samePage(page(rows), page(rows, undefined, true))).toBe(false);
  });

  it("shows a read where a row's contact changed", () => {
    const contacts = rows.map((row) => contact(row.contact_id));
    const renamed = contacts.map((c) => (c.id === 3 ? { ...c, name: 'Renamed' } : c));
    expect(samePage(page(rows, contacts), page(rows, renamed))).toBe(false);
    const blocked = contacts.map((c) => (c.id === 1 ? { ...c, is_blocked: true } : c));
    expect(samePage(page(rows, contacts), page(rows, blocked))).toBe(false);
  });
});
