import type { StoredAccount } from '../../client-db/accounts';
import type { Session } from '../../protocol/api/models';

export type AccountsState = {
  readonly accounts: Readonly<Record<string, StoredAccount>>;
  readonly lastDomain: string | null;
};

/** Where the store writes through to; the app passes client-db/accounts, tests a fake. */
export type AccountPersistence = {
  saveAccount: (account: StoredAccount) => Promise<void>;
  removeAccount: (slug: string) => Promise<void>;
  setLastDomain: (slug: string | null) => Promise<void>;
};

export type AccountStore = {
  getSnapshot: () => AccountsState;
  subscribe: (listener: () => void) => () => void;
  token: (slug: string) => string | null;
  signIn: (session: Session) => Promise<void>;
  signOut: (slug: string) => Promise<void>;
  rememberDomain: (slug: string) => Promise<void>;
};

/**
 * The signed-in organizations of this browser, held in memory for synchronous route decisions
 * and written through to IndexedDB. The in-memory state changes first, so the screens react at
 * once even when storage is slow or unavailable. The methods never reject: a failed write only
 * means the change does not outlive this page.
 */
export function createAccountStore(initial: AccountsState, persistence: AccountPersistence): AccountStore {
  let state = initial;
  const listeners = new Set<() => void>();

  function update(next: AccountsState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    token: (slug) => state.accounts[slug]?.token ?? null,

    async signIn(session) {
      const account: StoredAccount = {
        slug: session.organization.slug,
        token: session.token,
        email: session.agent.email,
        name: session.agent.name,
      };
      update({ accounts: { ...state.accounts, [account.slug]: account }, lastDomain: account.slug });
      await safely(async () => {
        await persistence.saveAccount(account);
        await persistence.setLastDomain(account.slug);
      });
    },

    async signOut(slug) {
      if (!(slug in state.accounts)) return;
      const accounts = { ...state.accounts };
      delete accounts[slug];
      update({ accounts, lastDomain: state.lastDomain });
      await safely(() => persistence.removeAccount(slug));
    },

    async rememberDomain(slug) {
      if (state.lastDomain === slug) return;
      update({ ...state, lastDomain: slug });
      await safely(() => persistence.setLastDomain(slug));
    },
  };
}

/** The domain `/` and the catch-all lead to: the last used one, if still signed in. */
export function signedInLastDomain(state: AccountsState): string | null {
  return state.lastDomain !== null && state.lastDomain in state.accounts ? state.lastDomain : null;
}

async function safely(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    console.warn('Could not save the signed-in accounts:', error);
  }
}
