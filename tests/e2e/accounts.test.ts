import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSuite } from '../support/browser-suite';
import { startServer } from '../support/server-process';
import { useMailServers } from '../support/mail-servers';
import { withServerDatabase } from '../support/server-database';
import { signUpThroughForm } from '../support/sign-up-form';

let page: Page;
let counter = 0;

const mailServers = useMailServers();

// After the mail servers above: the server sends its mail there.
const suite = useBrowserSuite(async () => ({ server: await startServer({ database: 'sqlite', entry: 'build', env: { SMTP_URL: mailServers.sink.url } }) }));

beforeEach(async () => {
  page = await suite.newPage();
});

function newOwner() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: 'Ada Lovelace', email: `ada-${id}@example.com`, password: 'correct horse battery', organization: `Acme ${id}`, domain: `acme-${id}` };
}

async function createAccount(owner: ReturnType<typeof newOwner>): Promise<void> {
  await signUpThroughForm(page, owner);
}

async function signOut(): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL('**/auth/login**');
}

async function signIn(email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The conversations screen's own chunk, as the build names it (a URL's path). */
const INBOX_CHUNK = /^\/assets\/ConversationsScreen-[\w-]+\.js$/;
const isInboxChunk = (url: URL) => INBOX_CHUNK.test(url.pathname);

function linkIn(text: string, path: RegExp): string {
  const match = text.match(path);
  if (!match) throw new Error(`no link matching ${path} in:\n${text}`);
  return match[0];
}

describe('accounts in the browser', () => {
  it('a newcomer creates an account and lands on the conversations screen', async () => {
    const owner = newOwner();
    await createAccount(owner);
    await expect.poll(() => page.getByRole('heading', { name: 'No conversations yet' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(owner.organization).first().isVisible()).toBe(true);
  });

  it('sign-up problems are sentences that name each field, and a taken domain says so', async () => {
    await page.goto('/create');
    await page.getByRole('button', { name: 'Create account' }).click();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect.poll(() => field('Your name').getAttribute('aria-invalid')).toBe('true');
    for (const text of ['Enter your name.', 'Enter an email address.', 'Choose a password of at least 8 characters.', 'Enter the name of your organization.', 'Choose a domain for your team’s address.']) {
      expect(await page.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    expect(await page.getByText('is required').count()).toBe(0);
    expect(await field('Your name').evaluate((input) => input === document.activeElement)).toBe(true);

    const taken = newOwner();
    const created = await fetch(`${suite.server.url}/api/auth/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: taken.name, email: taken.email, password: taken.password, organization_name: taken.organization, domain: taken.domain }),
    });
    expect(created.status).toBe(201);
    const owner = newOwner();
    await field('Your name').fill(owner.name);
    await field('Email').fill(owner.email);
    await field('Password').fill(owner.password);
    await field('Organization name').fill(owner.organization);
    await field('Domain').fill(taken.domain);
    await page.getByRole('button', { name: 'Create account' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent(), { message: 'the form says the domain is taken' }).toBe('This domain is already taken: choose another.');
    expect(await field('Domain').getAttribute('aria-invalid')).toBe('true');
  });

  it('signing out and in again with next returns to the page asked for', async () => {
    const owner = newOwner();
    await createAccount(owner);
    await signOut();
    await page.goto(`/auth/login?next=${encodeURIComponent(`/${owner.domain}/team`)}`);
    await signIn(owner.email, owner.password);
    await page.waitForURL(`**/${owner.domain}/team`);
    await expect.poll(() => page.getByRole('heading', { name: 'Team', exact: true }).isVisible()).toBe(true);
  });

  it("a browser that signed in before still signs in while a stranger's failures lock the account", async () => {
    const owner = newOwner();
    await createAccount(owner);
    const device = (await page.context().cookies()).find((cookie) => cookie.name === 'inbox_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    await signOut();

    const attempt = (password: string) =>
      fetch(`${suite.server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password }) });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess ${i}`)).status).toBe(400);
    expect((await attempt(owner.password)).status).toBe(429);

    await signIn(owner.email, owner.password);
    await page.waitForURL(`**/${owner.domain}/conversations**`);
  });

  it('a next pointing at another site is ignored after sign-in', async () => {
    const owner = newOwner();
    await createAccount(owner);
    await signOut();
    await page.goto(`/auth/login?next=${encodeURIComponent('//evil.example/steal')}`);
    await signIn(owner.email, owner.password);
    await page.waitForURL(`**/${owner.domain}/conversations**`);
    expect(new URL(page.url()).origin).toBe(suite.server.url);
  });

  it('a session revoked on the server sends the user to login with the page as next', async () => {
    const owner = newOwner();
    await createAccount(owner);
    await page.goto(`/${owner.domain}/account/general`);
    await page.getByLabel('Name', { exact: true }).waitFor();
    // Revoke every session of this agent through the API: sign in elsewhere and change the password.
    const login = await fetch(`${suite.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    const { token: other } = (await login.json()) as { token: string };
    const change = await fetch(`${suite.server.url}/api/account/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other}` },
      body: JSON.stringify({ password: 'a brand new password', current_password: owner.password }),
    });
    expect(change.status).toBe(200);
    await page.goto(`/${owner.domain}/team`);
    await page.waitForURL('**/auth/login?**');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/${owner.domain}/team`);
    await expect.poll(() => page.getByLabel('Password').isVisible()).toBe(true);
  });

  it('an expired session token sends the user to login with the page as next', async () => {
    const owner = newOwner();
    await createAccount(owner);
    await page.goto(`/${owner.domain}/account/general`);
    await page.getByLabel('Name', { exact: true }).waitFor();
    await withServerDatabase(suite.server, async (db) => {
      const agent = await db.selectFrom('agents').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow();
      await db.updateTable('auth_tokens').set({ expires_at: Date.now() - 1 }).where('agent_id', '=', agent.id).execute();
    });
    // The agent comes back later: the app's first call finds the session expired.
    await page.goto(`/${owner.domain}/organization/general`);
    await page.waitForURL('**/auth/login?**');
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/${owner.domain}/organization/general`);
    // The session ended quietly: no error is shown (§4).
    expect(await page.getByRole('alert').count()).toBe(0);
    await signIn(owner.email, owner.password);
    await page.waitForURL(`**/${owner.domain}/organization/general`);
  });

  it('an invited teammate accepts the invitation and signs in', async () => {
    const owner = newOwner();
    await createAccount(owner);
    await page.goto(`/${owner.domain}/team`);
    const teammate = `grace-${Date.now()}@example.com`;
    await page.getByLabel('Email address').fill(teammate);
    await page.getByRole('button', { name: 'Send invite' }).click();
    await expect.poll(() => page.getByText(teammate).first().isVisible()).toBe(true);

    const mail = await mailServers.sink.waitFor((m) => m.to.includes(teammate));
    const invitePath = linkIn(mail.text, /\/invite\/[A-Za-z0-9_-]+/);

    const other = await suite.newContext();
    const invited = await other.newPage();
    await invited.goto(invitePath);
    await expect.poll(() => invited.getByText(owner.organization).first().isVisible()).toBe(true);
    await invited.getByLabel('Your name').fill('Grace Hopper');
    await invited.getByLabel('Password').fill('another good password');
    await invited.getByRole('button', { name: 'Accept invitation' }).click();
    await invited.waitForURL(`**/${owner.domain}/bonjour`);
    await expect.poll(() => invited.getByRole('heading', { name: 'Bonjour, Grace' }).isVisible()).toBe(true);
    await other.close();

    await page.reload();
    await expect.poll(() => page.getByText('Grace Hopper').first().isVisible()).toBe(true);
  });

  it('a lost password is reset from the emailed link', async () => {
    const owner = newOwner();
    await createAccount(owner);
    await signOut();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in page has an Email field too: fill the reset page's once it is there.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(owner.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText(/If an account exists/).isVisible(), { timeout: 15_000 }).toBe(true);

    const mail = await mailServers.sink.waitFor((m) => m.to.includes(owner.email) && /\/change-password/.test(m.text));
    await page.goto(linkIn(mail.text, /\/auth\/token\/[A-Za-z0-9_-]+\/change-password/));
    await page.getByLabel('New password', { exact: true }).fill('my new secret pass');
    await page.getByLabel('Confirm new password').fill('my new secret pass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`**/${owner.domain}/**`);

    await signOut();
    await signIn(owner.email, 'my new secret pass');
    await page.waitForURL(`**/${owner.domain}/conversations**`);
  });

  it('an unknown path sends a signed-out visitor to login', async () => {
    await page.goto('/no/such/page');
    await page.waitForURL('**/auth/login**');
  });

  it("the login page loads the inbox's code while the form is filled, and the sign-in lands there", async () => {
    const owner = newOwner();
    await createAccount(owner);
    await signOut();
    // A fresh device: nothing of the app is loaded yet.
    const fresh = await suite.newPage();
    const requested: string[] = [];
    fresh.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await fresh.goto('/auth/login');
    await fresh.getByLabel('Email').fill(owner.email);
    await expect.poll(() => requested.some((path) => INBOX_CHUNK.test(path))).toBe(true);
    await fresh.getByLabel('Password').fill(owner.password);
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await fresh.waitForURL(`**/${owner.domain}/conversations**`);
    await expect.poll(() => fresh.getByRole('heading', { name: 'No conversations yet' }).isVisible()).toBe(true);
  });

  it("the inbox's code failing to load early leaves the login page as typed, and the sign-in still reaches the inbox", async () => {
    const owner = newOwner();
    await createAccount(owner);
    await signOut();
    const fresh = await suite.newPage();
    let refused = 0;
    await fresh.route(isInboxChunk, async (route) => {
      refused += 1;
      await route.abort('connectionreset');
    });
    await fresh.goto('/auth/login');
    await fresh.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
    await fresh.getByLabel('Email').fill(owner.email);
    await expect.poll(() => refused).toBeGreaterThan(0);
    await fresh.waitForTimeout(500);
    // No reload under the agent's typing: the same document, the email as typed.
    expect(await fresh.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await fresh.getByLabel('Email').inputValue()).toBe(owner.email);

    await fresh.unroute(isInboxChunk);
    await fresh.getByLabel('Password').fill(owner.password);
    await fresh.getByRole('button', { name: 'Sign in' }).click();
    await fresh.waitForURL(`**/${owner.domain}/conversations**`);
    await expect.poll(() => fresh.getByRole('heading', { name: 'No conversations yet' }).isVisible(), { timeout: 20_000 }).toBe(true);
  });
});
