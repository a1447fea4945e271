import { createContext, use, useSyncExternalStore } from 'react';
import type { AccountStore, AccountsState } from './account-store';

export const AccountStoreContext = createContext<AccountStore | null>(null);

export function useAccountStore(): AccountStore {
  const store = use(AccountStoreContext);
  if (!store) throw new Error('useAccountStore needs an <AccountStoreContext> provider.');
  return store;
}

/** The signed-in organizations, re-rendering when one is added or removed. */
export function useAccountsState(): AccountsState {
  const store = useAccountStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
