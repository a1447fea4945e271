import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { EmailChannel } from '../../src/protocol/api/channels';
import type { Session } from '../../src/protocol/api/models';
import { createApiClient, type ApiClient } from '../support/api-client';
import { useBrowserSuite, waitForConnection } from '../support/browser-suite';
import { publishRecords } from '../support/dns-server';
import { useMailServers } from '../support/mail-servers';
import { startServer } from '../support/server-process';
import { useShopWebsite } from '../support/shop-website';
import { signUpThroughForm } from '../support/sign-up-form';

const mailServers = useMailServers();

// After the mail servers above: the server sends its mail to the sink and asks the test DNS server.
const suite = useBrowserSuite(async () => ({
  server: await startServer({
    database: 'sqlite',
    entry: 'build',
    env: { SMTP_URL: mailServers.sink.url, DNS_SERVERS: mailServers.dns.address, SMTP_INBOUND_PORT: '0' },
  }),
}));

/** A customer's website on another origin, embedding the widget of the organization named in the path. */
const shop = useShopWebsite({ serverUrl: () => suite.server.url });



const id = Date.now().toString(36);
const owner = { name: 'Ada Lovelace', email: `ada-${id}@example.com`, password: 'correct horse battery', organization: `Acme ${id}`, domain: `acme-${id}` };

/** The sidebar's "Getting started n/7", by what a screen reader hears. */
const progressLink = (page: Page, recorded: number) => page.getByRole('link', { name: new RegExp(`Getting started.*${recorded} of 7 steps`) });
const step = (page: Page, name: string) => page.getByTestId(`onboarding-step-${name}`);

async function signUp(page: Page): Promise<void> {
  await signUpThroughForm(page, owner);
}

async function ownerApi(): Promise<ApiClient> {
  const login = await createApiClient(suite.server.url).post<Session>('auth/login', { email: owner.email, password: owner.password, domain: owner.domain });
  if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status} ${login.text}`);
  return createApiClient(suite.server.url, { token: login.body.token });
}

describe('getting started checklist', () => {
  it('a new account walks the checklist: each step ticks itself from what happened, live in every tab', async () => {
    const context = await suite.newContext();
    const home = await context.newPage();
    await signUp(home);
    await waitForConnection(home, 'Live');
    await expect.poll(() => progressLink(home, 0).isVisible()).toBe(true);

    // The empty inbox's hints lead into the steps.
    await home.getByRole('link', { name: 'Email to your support address' }).click();
    await home.waitForURL(`**/${owner.domain}/onboarding#step-support-address`);
    await expect.poll(() => step(home, 'support-address').getByText('To do', { exact: true }).isVisible()).toBe(true);
    const checklist = await context.newPage();
    await checklist.goto(`/${owner.domain}/onboarding`);
    await waitForConnection(checklist, 'Live');

    // Confirming the email, in a third tab, ticks the step in the other two.
    const mail = await mailServers.sink.waitFor((m) => m.to.includes(owner.email) && m.subject === 'Confirm your email address');
    const link = mail.links.find((entry) => entry.includes('/validate/'));
    if (!link) throw new Error('No confirmation link');
    const confirm = await context.newPage();
    await confirm.goto(link);
    await expect.poll(() => step(checklist, 'confirm-email').getByText('Done', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => progressLink(home, 1).isVisible()).toBe(true);
    await confirm.close();

    // A support address, its DNS records published and verified on the Email page.
    await checklist.getByRole('link', { name: 'Set up email' }).click();
    await checklist.waitForURL(`**/${owner.domain}/emails`);
    const domain = `mail-${id}.example`;
    await checklist.getByRole('textbox', { name: 'Support address' }).fill(`help@${domain}`);
    await checklist.getByRole('button', { name: 'Add address' }).click();
    const row = checklist.getByTestId('support-address').filter({ hasText: `help@${domain}` });
    await expect.poll(() => row.getByTestId('dns-record').count()).toBe(4);
    // No EMAIL_MX_HOST on this server: the MX value says what the administrator must set instead of offering one to copy.
    expect(await row.getByText(/must set EMAIL_MX_HOST/).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Copy the MX record value' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Copy the SPF record value' }).count()).toBe(1);
    const api = await ownerApi();
    const channel = (await api.get<EmailChannel[]>('organization/channels')).body.find((entry) => entry.email === `help@${domain}`);
    if (!channel) throw new Error('The new address is not listed');
    publishRecords(mailServers.dns, channel.domain.records);
    await row.getByRole('button', { name: `Verify ${domain}` }).click();
    await expect.poll(() => row.getByText('Verified', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => progressLink(home, 2).isVisible()).toBe(true);

    // The test email travels the SMTP listener, lands in the inbox, and the step ticks itself.
    await checklist.goto(`/${owner.domain}/onboarding`);
    await checklist.getByRole('button', { name: 'Send me a test email' }).click();
    await expect.poll(() => step(checklist, 'first-email').getByText('Done', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => progressLink(home, 3).isVisible()).toBe(true);
    await home.goto(`/${owner.domain}/conversations`);
    await expect.poll(() => home.getByTestId('conversation-row').filter({ hasText: 'Test email from the getting started checklist' }).count()).toBe(1);

    // The widget: on, then a visitor opens a page with it; the first page view ticks the step.
    expect((await api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!' } })).status).toBe(200);
    expect(await step(checklist, 'chat-widget').getByText('To do', { exact: true }).isVisible()).toBe(true);
    const visitor = await suite.newPage();
    await visitor.goto(shop.url(owner.domain));
    await expect.poll(() => visitor.getByRole('button', { name: 'Open chat' }).count()).toBeGreaterThan(0);
    await expect.poll(() => step(checklist, 'chat-widget').getByText('Done', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => progressLink(home, 4).isVisible()).toBe(true);

    // Skipping is recorded (and counted) at once, and can be taken back.
    const invite = step(checklist, 'invite-teammate');
    await invite.getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => invite.getByText('Skipped', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => progressLink(home, 5).isVisible()).toBe(true);
    await invite.getByRole('button', { name: 'Undo skip' }).click();
    await expect.poll(() => invite.getByText('To do', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => progressLink(home, 4).isVisible()).toBe(true);
    expect(await checklist.getByText('4 of 7 done').isVisible()).toBe(true);

    // §4: once every step is recorded, the sidebar and Home stop showing it; the page stays.
    for (const name of ['invite-teammate', 'business-hours', 'snippet-or-article']) await step(checklist, name).getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => checklist.getByText('4 of 7 done, 3 skipped').isVisible()).toBe(true);
    await expect.poll(() => home.getByRole('link', { name: /Getting started/ }).count()).toBe(0);
    await home.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => home.getByRole('heading', { name: /^Bonjour/ }).isVisible()).toBe(true);
    expect(await home.getByRole('heading', { name: 'Getting started' }).count()).toBe(0);
  });
});
