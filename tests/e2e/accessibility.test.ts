import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe';
import { useSeededBrowserSuite, waitForConnection } from '../support/browser-suite';
import { signInAsOwner } from '../support/seeded-server';

/**
 * axe-core's WCAG 2.1 AA rules over the main screens, in both themes, on a desktop and a phone:
 * no serious or critical violation. A screen added to the app belongs in SCREENS.
 */
const suite = useSeededBrowserSuite({ org: 'a11y-e2e', conversations: 30, messagesPerConversation: 3 });

type Screen = {
  name: string;
  /** The address, under the organization's slug unless `public`. */
  path: (ids: Ids) => string;
  public?: true;
  /** What shows once the screen has its content. */
  ready: (page: Page) => Locator;
};

type Ids = { slug: string; conversation: number; contact: number };

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

const SCREENS: Screen[] = [
  { name: 'sign-in', public: true, path: () => '/auth/login', ready: (page) => page.getByRole('button', { name: 'Sign in' }) },
  { name: 'sign-up', public: true, path: () => '/create', ready: heading('Create your account') },
  { name: 'help center home', public: true, path: ({ slug }) => `/help/${slug}`, ready: (page) => page.getByRole('link', { name: /Getting started/ }) },
  { name: 'help center collection', public: true, path: ({ slug }) => `/help/${slug}/collections/getting-started`, ready: heading('Getting started') },
  { name: 'help center article', public: true, path: ({ slug }) => `/help/${slug}/articles/opening-hours`, ready: heading('Opening hours') },
  { name: 'help center search', public: true, path: ({ slug }) => `/help/${slug}/search?q=hours`, ready: (page) => page.getByRole('link', { name: /Opening hours/ }) },
  { name: 'inbox', path: ({ slug }) => `/${slug}/conversations`, ready: (page) => page.getByTestId('conversation-row').first() },
  { name: 'conversation', path: ({ slug, conversation }) => `/${slug}/conversations/view/${conversation}`, ready: (page) => page.getByRole('textbox', { name: 'Reply' }) },
  { name: 'new conversation', path: ({ slug }) => `/${slug}/conversations/new`, ready: heading('New conversation') },
  { name: 'snippets', path: ({ slug }) => `/${slug}/snippets`, ready: (page) => page.getByText('Thanks for writing').first() },
  { name: 'knowledge base', path: ({ slug }) => `/${slug}/knowledge`, ready: (page) => page.getByRole('link', { name: /Opening hours/ }) },
  { name: 'article editor', path: ({ slug }) => `/${slug}/knowledge/articles/ka-a11y-hours`, ready: (page) => page.getByText('We are open 9 to 5.') },
  { name: 'contact', path: ({ slug, contact }) => `/${slug}/contacts/${contact}`, ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'account settings', path: ({ slug }) => `/${slug}/account/general`, ready: (page) => page.getByText('Conversation list') },
  { name: 'notification settings', path: ({ slug }) => `/${slug}/account/notifications`, ready: heading('Account') },
  { name: 'organization settings', path: ({ slug }) => `/${slug}/organization/general`, ready: heading('Organization') },
  { name: 'team', path: ({ slug }) => `/${slug}/team`, ready: (page) => page.getByText('Alex Rivera').first() },
  { name: 'email settings', path: ({ slug }) => `/${slug}/emails`, ready: heading('Email') },
  { name: 'chat widget settings', path: ({ slug }) => `/${slug}/chat`, ready: (page) => page.getByText('Chat with our team').first() },
  { name: 'integrations', path: ({ slug }) => `/${slug}/integrations`, ready: heading('Integrations') },
  { name: 'tags', path: ({ slug }) => `/${slug}/tags`, ready: (page) => page.getByRole('textbox', { name: 'New tag' }) },
  { name: 'rules', path: ({ slug }) => `/${slug}/rules`, ready: (page) => page.getByText('Tag billing mail').first() },
  { name: 'business hours', path: ({ slug }) => `/${slug}/hours`, ready: (page) => page.getByRole('switch', { name: 'Open on Monday' }) },
  { name: 'getting started', path: ({ slug }) => `/${slug}/onboarding`, ready: (page) => page.getByRole('button', { name: 'Send me a test email' }) },
];

const LOOKS = [
  { theme: 'light', device: 'desktop', viewport: { width: 1440, height: 900 } },
  { theme: 'dark', device: 'desktop', viewport: { width: 1440, height: 900 } },
  { theme: 'light', device: 'phone', viewport: { width: 390, height: 844 } },
  { theme: 'dark', device: 'phone', viewport: { width: 390, height: 844 } },
] as const;

let ids: Ids | undefined;

beforeAll(async () => {
  const { api, seeded } = suite;
  await api.post('snippets/', { id: 'sn-a11y-thanks', name: 'Thanks', body: 'Thanks for writing to {{organization.name}}.' });
  await api.post('rules/', { id: 'ru-a11y-billing', name: 'Tag billing mail', trigger: 'created_by_customer', conditions: [{ field: 'subject', op: 'contains', value: 'invoice' }], actions: [{ type: 'add_tag', value: 'billing' }] });
  await api.post('knowledge/collections/', { id: 'kc-a11y-start', name: 'Getting started' });
  await api.post('knowledge/articles/', { id: 'ka-a11y-hours', title: 'Opening hours', content: '<p>We are open 9 to 5.</p>', collections: ['kc-a11y-start'] });
  expect((await api.post('knowledge/articles/ka-a11y-hours/publish')).status).toBe(200);
  const list = await api.get<{ conversations: { id: number; contact_id: number }[] }>('conversations/?limit=1&order=newest');
  const first = list.body.conversations[0];
  if (!first) throw new Error(`The seeded organization has no conversation: ${list.text.slice(0, 200)}`);
  ids = { slug: seeded.slug, conversation: first.id, contact: first.contact_id };
});

describe.each(LOOKS)('$theme theme on a $device', ({ theme, viewport }) => {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let signedIn = false;

  beforeAll(async () => {
    // One context for every screen of this look; the suite closes its own contexts after each test.
    context = await suite.browser.newContext({ baseURL: suite.server.url, viewport, colorScheme: theme });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it.each(SCREENS)('$name has no serious or critical accessibility violation', async (screen) => {
    if (!page || !ids) throw new Error('The page or the seeded ids are missing (beforeAll failed)');
    if (!screen.public && !signedIn) {
      await signInAsOwner(page, { ownerEmail: suite.seeded.ownerEmail, password: suite.seeded.password, slug: suite.seeded.slug });
      await waitForConnection(page, 'Live');
      signedIn = true;
    }
    await page.goto(screen.path(ids));
    await screen.ready(page).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), 'the theme asked for').toBe(theme === 'dark');
    const where = `${screen.name} (${theme}, ${viewport.width}×${viewport.height})`;
    const violations = await axeViolations(page, 'serious');
    expect(violations, describeViolations(where, violations)).toEqual([]);
  });
});
