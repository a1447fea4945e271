import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Session } from '../../protocol/api/models';
import { useAccountStore } from './account-store-context';

/** After any successful sign-in: store the account, make it the last used one, go on. */
export function useCompleteSignIn(): (session: Session, destination: string) => Promise<void> {
  const store = useAccountStore();
  const navigate = useNavigate();
  return useCallback(
    async (session, destination) => {
      await store.signIn(session);
      await navigate(destination, { replace: true });
    },
    [store, navigate],
  );
}
