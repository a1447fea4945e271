import { describe, expect, it, vi } from 'vitest';
import { createAccountStore, signedInLastDomain } from '../../../../src/app/session/account-store';
import type { AccountPersistence } from '../../../../src/app/session/account-store';
import type { Session } from '../../../../src/protocol/api/models';

function session(slug: string, token: string): Session {
  return {
    token,
    agent: { email: `ann@${slug}.test`, name: 'Ann' },
    organization: { slug },
  } as unknown as Session;
}

function fakePersistence(): AccountPersistence {
  return { saveAccount: vi.fn(async () => {}), removeAccount: vi.fn(async () => {}), setLastDomain: vi.fn(async () => {}) };
}

describe('account store', () => {
  it('signing in stores the account and makes it the last used domain', async () => {
    const persistence = fakePersistence();
    const store = createAccountStore({ accounts: {}, lastDomain: null }, persistence);
    await store.signIn(session('acme', 'tok-1'));
    expect(store.getSnapshot().accounts['acme']).toEqual({ slug: 'acme', token: 'tok-1', email: 'ann@acme.test', name: 'Ann' });
    expect(store.token('acme')).toBe('tok-1');
    expect(signedInLastDomain(store.getSnapshot())).toBe('acme');
    expect(persistence.setLastDomain).toHaveBeenCalledWith('acme');
  });

  it('keeps several organizations and signs out of one only', async () => {
    const store = createAccountStore({ accounts: {}, lastDomain: null }, fakePersistence());
    await store.signIn(session('acme', 'tok-1'));
    await store.signIn(session('globex', 'tok-2'));
    await store.signOut('globex');
    expect(Object.keys(store.getSnapshot().accounts)).toEqual(['acme']);
    expect(store.token('globex')).toBeNull();
    // The last domain is kept but no longer counts as signed in.
    expect(store.getSnapshot().lastDomain).toBe('globex');
    expect(signedInLastDomain(store.getSnapshot())).toBeNull();
  });

  it('tells subscribers about each change, in memory first', async () => {
    const store = createAccountStore({ accounts: {}, lastDomain: null }, fakePersistence());
    const listener = vi.fn();
    store.subscribe(listener);
    const pending = store.signIn(session('acme', 'tok-1'));
    expect(listener).toHaveBeenCalledTimes(1);
    await pending;
    await store.rememberDomain('acme');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps working in memory when storage fails', async () => {
    const failing: AccountPersistence = {
      saveAccount: () => Promise.reject(new Error('quota')),
      removeAccount: () => Promise.reject(new Error('quota')),
      setLastDomain: () => Promise.reject(new Error('quota')),
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createAccountStore({ accounts: {}, lastDomain: null }, failing);
    await expect(store.signIn(session('acme', 'tok-1'))).resolves.toBeUndefined();
    expect(store.token('acme')).toBe('tok-1');
    warn.mockRestore();
  });
});
