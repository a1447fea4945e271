import { createContext, use } from 'react';
import type { StoredAccount } from '../../client-db/accounts';
import type { AccountResponse, Agent, Organization } from '../../protocol/api/models';

/** The organization the current /:domain screen belongs to, and who is signed in to it. */
export type SignedIn = {
  slug: string;
  account: StoredAccount;
  agent: Agent;
  organization: Organization;
  /** Replaces the profile after a successful update (PATCH account or organization). */
  setProfile: (profile: AccountResponse) => void;
  /** Revokes the token on the server, forgets it here and goes to login. */
  signOut: () => Promise<void>;
};

export const SignedInContext = createContext<SignedIn | null>(null);

export function useSignedIn(): SignedIn {
  const value = use(SignedInContext);
  if (!value) throw new Error('useSignedIn is only available under /:domain.');
  return value;
}
