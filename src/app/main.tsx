import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import * as accountsDb from '../client-db/accounts';
import { App } from './App';
import { buildRoutes } from './routes/build-routes';
import { reloadOnceAfterChunkError } from './routes/chunk-reload';
import { isWarmingUp } from './routes/warm-up-screen';
import { createAccountStore } from './session/account-store';
import type { AccountsState } from './session/account-store';
import { restoreTheme } from './session/use-theme';
import { lazyTabSync } from './sync/open-sync-connection';
import './styles/tokens.css';
import './styles/base.css';
import './styles/button.css';
import './styles/field.css';
import './styles/feedback.css';
import './styles/overlays.css';
import './styles/auth-page.css';
import './styles/page.css';
import './styles/app-shell.css';
import './styles/team.css';
import './styles/billing.css';
import './styles/screens.css';
import './styles/conversation-list.css';
import './styles/conversation-view.css';
import './styles/conversation-actions.css';
import './styles/workspace.css';
import './styles/thread.css';
import './styles/composer.css';
import './styles/presence.css';
import './styles/keyboard.css';
import './styles/search.css';
import './styles/chat-settings.css';
import './styles/email-settings.css';
import './styles/email-message.css';
import './styles/snippets.css';
import './styles/rules.css';
import './styles/notifications.css';
import './styles/knowledge.css';
import './styles/hours.css';
import './styles/onboarding.css';

restoreTheme();

async function loadAccounts(): Promise<AccountsState> {
  try {
    const [accounts, lastDomain] = await Promise.all([accountsDb.listAccounts(), accountsDb.getLastDomain()]);
    return { accounts: Object.fromEntries(accounts.map((account) => [account.slug, account])), lastDomain };
  } catch (error) {
    // IndexedDB can be unavailable (some private modes): start signed out rather than not at all.
    console.warn('Could not read the signed-in accounts:', error);
    return { accounts: {}, lastDomain: null };
  }
}

async function start(): Promise<void> {
  // The router first: it starts loading the screen's chunk at once, while the accounts are read
  // from IndexedDB (a cold open offline paints its first rows sooner).
  const router = createBrowserRouter(buildRoutes());
  const store = createAccountStore(await loadAccounts(), accountsDb);
  const tabSync = lazyTabSync();
  // §2: a script chunk that fails to preload reloads the page, once (chunk-reload.ts). During a
  // navigation the failure reaches the screen's lazy loader instead, and RouteError reloads at
  // the new URL; outside one (nothing else loads lazily yet) reload here.
  window.addEventListener('vite:preloadError', (event) => {
    // A screen loaded ahead of time (warm-up-screen.ts) fails quietly: its navigation loads it again.
    if (router.state.navigation.state !== 'idle' || isWarmingUp()) return;
    if (reloadOnceAfterChunkError(sessionStorage, () => window.location.reload())) event.preventDefault();
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <App router={router} store={store} tabSync={tabSync} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  document.body.textContent = 'Support Inbox could not start. Please reload the page.';
});
