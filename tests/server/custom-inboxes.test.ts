import { expect, it } from 'vitest';
import type { AccountResponse } from '../../src/protocol/api/models';
import { describeEachDatabase, useServerSuite } from './server-suite';

describeEachDatabase('custom inboxes', (database) => {
  const suite = useServerSuite(database);

  it('stores custom inboxes in order, generating missing keys', async () => {
    const { api } = await suite.signUp();
    const patched = await api.patch<AccountResponse>('account/', {
      custom_inboxes: [
        { name: 'Billing', query: 'tag:billing' },
        { key: 'billing', name: 'Old billing', query: 'tag:billing is:closed' },
        { name: 'Billing', query: 'tag:billing order:oldest' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.agent.custom_inboxes).toEqual([
      { key: 'billing-2', name: 'Billing', query: 'tag:billing' },
      { key: 'billing', name: 'Old billing', query: 'tag:billing is:closed' },
      { key: 'billing-3', name: 'Billing', query: 'tag:billing order:oldest' },
    ]);
    const read = await api.get<AccountResponse>('account/');
    expect(read.body.agent.custom_inboxes.map((inbox) => inbox.key)).toEqual(['billing-2', 'billing', 'billing-3']);

    const cleared = await api.patch<AccountResponse>('account/', { custom_inboxes: [] });
    expect(cleared.body.agent.custom_inboxes).toEqual([]);
  });

  it('refuses bad queries, duplicate keys and bad sizes with field errors', async () => {
    const { api } = await suite.signUp();
    const badQuery = await api.patch('account/', {
      custom_inboxes: [
        { name: 'Fine', query: 'tag:ok' },
        { name: 'Broken', query: 'is:lost' },
      ],
    });
    expect(badQuery.status).toBe(400);
    const errors = (badQuery.body as { errors: Record<string, string> }).errors;
    expect(Object.keys(errors)).toEqual(['custom_inboxes.1.query']);
    expect(errors['custom_inboxes.1.query']).toMatch(/ at \d+$/);

    const duplicate = await api.patch('account/', {
      custom_inboxes: [
        { key: 'same', name: 'One', query: '' },
        { key: 'same', name: 'Two', query: '' },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect(Object.keys((duplicate.body as { errors: object }).errors)).toEqual(['custom_inboxes.1.key']);

    const badKey = await api.patch('account/', { custom_inboxes: [{ key: 'Not OK', name: 'One', query: '' }] });
    expect(Object.keys((badKey.body as { errors: object }).errors)).toEqual(['custom_inboxes.0.key']);
    const noName = await api.patch('account/', { custom_inboxes: [{ name: '  ', query: '' }] });
    expect(noName.body).toEqual({ errors: { 'custom_inboxes.0.name': 'is required' } });
    const tooMany = await api.patch('account/', {
      custom_inboxes: Array.from({ length: 51 }, (_, i) => ({ name: `Inbox ${i}`, query: '' })),
    });
    expect(tooMany.status).toBe(400);
    expect((await api.get<AccountResponse>('account/')).body.agent.custom_inboxes).toEqual([]);
  });

  it('keeps the agent\'s preferences: defaults at first, each changed on its own, bad values refused', async () => {
    const { api } = await suite.signUp();
    expect((await api.get<AccountResponse>('account/')).body.agent.preferences).toEqual({ auto_advance: true, list_density: 'comfortable', replication_days: 90 });
    expect((await api.patch<AccountResponse>('account/', { preferences: { auto_advance: false } })).status).toBe(200);
    expect((await api.patch<AccountResponse>('account/', { preferences: { list_density: 'compact' } })).body.agent.preferences).toEqual({
      auto_advance: false,
      list_density: 'compact',
      replication_days: 90,
    });
    expect((await api.patch('account/', { preferences: { list_density: 'tiny' } })).status).toBe(400);
    expect((await api.patch('account/', { preferences: { replication_days: 45 } })).status).toBe(400);
    expect((await api.patch('account/', { preferences: { other: true } })).status).toBe(400);
  });
});

