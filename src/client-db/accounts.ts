import { createStore, del, entries, get, set } from 'idb-keyval';
import type { AccountResponse } from '../protocol/api/models';

/**
 * Signed-in organizations of this browser (§3 "Stored account"), one per domain slug, plus the
 * last used domain. They live in IndexedDB rather than localStorage so that the SharedWorker,
 * which has no localStorage, can read the tokens too.
 */
export type StoredAccount = { slug: string; token: string; email: string; name: string };

const store = createStore('support-inbox-accounts', 'keyval');
const ACCOUNT_PREFIX = 'account:';
const SNAPSHOT_PREFIX = 'snapshot:';
const LAST_DOMAIN_KEY = 'last-domain';

export async function getAccount(slug: string): Promise<StoredAccount | null> {
  return (await get<StoredAccount>(ACCOUNT_PREFIX + slug, store)) ?? null;
}

export async function saveAccount(account: StoredAccount): Promise<void> {
  await set(ACCOUNT_PREFIX + account.slug, account, store);
}

/** Forgets the token of one organization, and what was cached for it. */
export async function removeAccount(slug: string): Promise<void> {
  await del(ACCOUNT_PREFIX + slug, store);
  await del(SNAPSHOT_PREFIX + slug, store);
}

export async function listAccounts(): Promise<StoredAccount[]> {
  const all = await entries<IDBValidKey, StoredAccount>(store);
  return all
    .filter(([key]) => typeof key === 'string' && key.startsWith(ACCOUNT_PREFIX))
    .map(([, account]) => account)
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

export async function getLastDomain(): Promise<string | null> {
  return (await get<string>(LAST_DOMAIN_KEY, store)) ?? null;
}

export async function setLastDomain(slug: string | null): Promise<void> {
  if (slug === null) await del(LAST_DOMAIN_KEY, store);
  else await set(LAST_DOMAIN_KEY, slug, store);
}

/** The last `GET /api/account/` answer per organization, so the app opens offline. */
export async function getAccountSnapshot(slug: string): Promise<AccountResponse | null> {
  return (await get<AccountResponse>(SNAPSHOT_PREFIX + slug, store)) ?? null;
}

export async function saveAccountSnapshot(slug: string, snapshot: AccountResponse): Promise<void> {
  await set(SNAPSHOT_PREFIX + slug, snapshot, store);
}
