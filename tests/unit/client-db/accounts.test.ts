import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  getAccount,
  getAccountSnapshot,
  getLastDomain,
  listAccounts,
  removeAccount,
  saveAccount,
  saveAccountSnapshot,
  setLastDomain,
} from '../../../src/client-db/accounts';
import type { AccountResponse } from '../../../src/protocol/api/models';

const acme = { slug: 'acme', token: 'tok-acme', email: 'ann@acme.test', name: 'Ann' };
const globex = { slug: 'globex', token: 'tok-globex', email: 'ann@globex.test', name: 'Ann G.' };

describe('stored accounts', () => {
  beforeEach(async () => {
    for (const account of await listAccounts()) await removeAccount(account.slug);
    await setLastDomain(null);
  });

  it('keeps one account per organization slug', async () => {
    await saveAccount(acme);
    await saveAccount(globex);
    await saveAccount({ ...acme, token: 'tok-acme-2' });
    expect(await getAccount('acme')).toEqual({ ...acme, token: 'tok-acme-2' });
    expect((await listAccounts()).map((a) => a.slug)).toEqual(['acme', 'globex']);
  });

  it('answers null for an organization this browser is not signed in to', async () => {
    expect(await getAccount('initech')).toBeNull();
  });

  it('removing an account forgets its token and its cached profile only', async () => {
    await saveAccount(acme);
    await saveAccount(globex);
    await saveAccountSnapshot('acme', { agent: {}, organization: {} } as unknown as AccountResponse);
    await removeAccount('acme');
    expect(await getAccount('acme')).toBeNull();
    expect(await getAccountSnapshot('acme')).toBeNull();
    expect(await getAccount('globex')).toEqual(globex);
  });

  it('remembers the last used domain and can forget it', async () => {
    expect(await getLastDomain()).toBeNull();
    await setLastDomain('globex');
    expect(await getLastDomain()).toBe('globex');
    await setLastDomain(null);
    expect(await getLastDomain()).toBeNull();
  });

  it('does not list the last domain or snapshots as accounts', async () => {
    await saveAccount(acme);
    await setLastDomain('acme');
    await saveAccountSnapshot('acme', { agent: {}, organization: {} } as unknown as AccountResponse);
    expect(await listAccounts()).toEqual([acme]);
  });
});
