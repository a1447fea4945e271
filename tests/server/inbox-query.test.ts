import { expect, it } from 'vitest';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import { defaultHours } from '../../src/protocol/hours/hours-model';
import { DEFAULT_INBOX_QUERY } from '../../src/protocol/inbox-query/inbox-query';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { openServerDatabaseHandle } from '../support/server-database';
import { describeEachDatabase, uid, useServerSuite } from './server-suite';
import { firstConversation, signUpWithInbox } from './sync-fixtures';

const mutation = () => ({ headers: { [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` } });
const list = (search: string, extra = '', limit = 100) => `conversations/?limit=${limit}&search=${encodeURIComponent(search)}${extra}`;

describeEachDatabase('inbox query on the conversation list', (database) => {
  const suite = useServerSuite(database);

  it('the status and assignee parameters still narrow the list, together with the query', async () => {
    const inbox = await signUpWithInbox(suite, 6);
    const target = firstConversation(inbox);
    await inbox.api.post(`conversations/${target.id}/assign`, { agent_id: inbox.session.agent.id }, mutation());
    await inbox.api.post(`conversations/${target.id}/status`, { status: 'WAITING' }, mutation());
    const mine = await inbox.api.get<ConversationPage>(list(`contact:${target.contact_id}`, '&assignee=me&status=WAITING'));
    expect(mine.body.conversations.map((c) => c.id)).toEqual([target.id]);
    const contradicting = await inbox.api.get<ConversationPage>(list('is:opened', '&status=WAITING&assignee=me'));
    expect(contradicting.body.conversations).toEqual([]);
    const defaultInbox = await inbox.api.get<ConversationPage>(list(DEFAULT_INBOX_QUERY));
    expect(defaultInbox.body.conversations.every((c) => c.status === 'OPENED' && (c.agent_id === null || c.agent_id === inbox.session.agent.id))).toBe(true);
  });

  it('ids beyond any stored one match nothing instead of failing', async () => {
    const inbox = await signUpWithInbox(suite, 2);
    for (const path of [list('assigned:999999999999'), list('contact:999999999999999'), 'conversations/?assignee=999999999999']) {
      const response = await inbox.api.get<ConversationPage>(path);
      expect(response.status, path).toBe(200);
      expect(response.body.conversations, path).toEqual([]);
    }
  });

  it("the order parameter overrides the query's order, and a cursor keeps the order it was read in", async () => {
    const inbox = await signUpWithInbox(suite, 5);
    const oldest = await inbox.api.get<ConversationPage>(list('order:oldest', '&order=newest'));
    const newest = await inbox.api.get<ConversationPage>('conversations/?limit=100&order=newest');
    expect(oldest.body.conversations.map((c) => c.id)).toEqual(newest.body.conversations.map((c) => c.id));

    const first = await inbox.api.get<ConversationPage>(list('order:oldest', '', 2));
    const cursor = first.body.next_cursor ?? '';
    const next = await inbox.api.get<ConversationPage>(list('order:oldest', `&cursor=${cursor}`, 2));
    expect(next.body.conversations.map((c) => c.id)).toEqual(newest.body.conversations.map((c) => c.id).reverse().slice(2, 4));
    const elsewhere = await inbox.api.get(list('order:priority', `&cursor=${cursor}`));
    expect(elsewhere.body).toEqual({ errors: { cursor: 'is invalid' } });
  });

  it("created: lists the conversations created on those days, read in UTC without hours and in the hours' time zone once saved (DST included)", async () => {
    const inbox = await signUpWithInbox(suite, 4);
    // Around the night Paris puts its clocks back (25 October 2026, a 25-hour day there).
    const createdAt = ['2026-10-24T21:59:59.999Z', '2026-10-24T22:00:00.000Z', '2026-10-25T22:59:59.999Z', '2026-10-25T23:00:00.000Z'].map(Date.parse);
    const ids = inbox.conversations.map((c) => c.id);
    const handle = openServerDatabaseHandle(suite.server);
    try {
      for (const [index, at] of createdAt.entries()) await handle.db.updateTable('conversations').set({ created_at: at }).where('id', '=', ids[index] ?? 0).execute();
    } finally {
      await handle.db.destroy();
    }
    const listed = async (search: string) => (await inbox.api.get<ConversationPage>(list(search))).body.conversations.map((c) => ids.indexOf(c.id)).sort();

    expect(await listed('created:2026-10-25')).toEqual([2, 3]);
    const saved = await inbox.api.post('organization/hours', defaultHours('Europe/Paris'), mutation());
    expect(saved.status).toBe(200);
    expect(await listed('created:2026-10-25')).toEqual([1, 2]);
    expect(await listed('created:2026-10-24..2026-10-25')).toEqual([0, 1, 2]);
    expect(await listed('-created:2026-10-25')).toEqual([0, 3]);
    expect(await listed('created:2026-10-26..2026-10-31')).toEqual([3]);

    const refused = await inbox.api.get(list('created:2026-10-31..2026-10-01'));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errors: { search: 'created: 2026-10-01 is before 2026-10-31 at 21' } });
  });
});
