import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getAccountSnapshot, saveAccountSnapshot } from '../../client-db/accounts';
import type { StoredAccount } from '../../client-db/accounts';
import type { AccountResponse } from '../../protocol/api/models';
import { apiPaths } from '../../protocol/api/routes';
import { ApiContext, useApiFactory } from '../api/api-context';
import { toFailure } from '../api/request-failure';
import type { Failure } from '../api/request-failure';
import { AppShell } from '../layout/AppShell';
import { FullPageSpinner } from '../layout/FullPageSpinner';
import { requestPersistentStorage } from '../pwa/request-persistent-storage';
import { TagColorsProvider } from '../screens/conversations/tag-colors';
import { AgentDirectoryProvider } from '../session/AgentDirectoryProvider';
import { useAccountStore } from '../session/account-store-context';
import { LOGIN_PATH } from '../session/session-paths';
import { SignedInContext } from '../session/signed-in-context';
import type { SignedIn } from '../session/signed-in-context';
import { useTheme } from '../session/use-theme';
import { SyncProvider } from '../sync/SyncProvider';
import { ProfileLoadError } from './ProfileLoadError';

/**
 * One signed-in organization: its API client, the agent and organization (from the server, or
 * the last copy while offline), the theme, its sync worker and local database, and the app
 * shell around the screen.
 */
export function SignedInSession({ slug, account }: { slug: string; account: StoredAccount }) {
  const factory = useApiFactory();
  const api = useMemo(() => factory(slug), [factory, slug]);
  const store = useAccountStore();
  const navigate = useNavigate();
  const [profile, setProfile] = useState<AccountResponse | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    getAccountSnapshot(slug).then(
      (snapshot) => {
        if (current && snapshot) setProfile((loaded) => loaded ?? snapshot);
      },
      () => undefined,
    );
    api.get<AccountResponse>(apiPaths.account).then(
      (fresh) => {
        if (!current) return;
        setProfile(fresh);
        setFailure(null);
        saveAccountSnapshot(slug, fresh).catch(() => undefined);
      },
      (error: unknown) => {
        if (current) setFailure(toFailure(error));
      },
    );
    return () => {
      current = false;
    };
  }, [api, slug, attempt]);

  useEffect(() => {
    void store.rememberDomain(slug);
    void requestPersistentStorage();
  }, [store, slug]);

  useTheme(profile?.agent.dark_mode);

  // Signing out forgets the token when these screens unmount, i.e. once the router has left
  // them for login. Forgetting it earlier would make DomainLayout redirect with a `next` first.
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (leaving.current) void store.signOut(slug);
    },
    [store, slug],
  );

  const signOut = useCallback(async () => {
    try {
      // The public client: a 401 here must not start the "session ended" redirect.
      await factory(null).post(apiPaths.clear, { token: account.token });
    } catch {
      // Offline or already revoked: the token is forgotten on this device all the same.
    }
    leaving.current = true;
    await navigate(LOGIN_PATH);
  }, [factory, account.token, navigate]);

  const updateProfile = useCallback(
    (next: AccountResponse) => {
      setProfile(next);
      saveAccountSnapshot(slug, next).catch(() => undefined);
    },
    [slug],
  );

  const signedIn = useMemo<SignedIn | null>(
    () => (profile ? { slug, account, ...profile, setProfile: updateProfile, signOut } : null),
    [slug, account, profile, updateProfile, signOut],
  );

  if (!signedIn) {
    if (failure) return <ProfileLoadError failure={failure} onRetry={() => setAttempt((n) => n + 1)} />;
    return <FullPageSpinner />;
  }
  return (
    <ApiContext value={api}>
      <SignedInContext value={signedIn}>
        <SyncProvider slug={slug}>
          <AgentDirectoryProvider>
            <TagColorsProvider>
              <AppShell />
            </TagColorsProvider>
          </AgentDirectoryProvider>
        </SyncProvider>
      </SignedInContext>
    </ApiContext>
  );
}
