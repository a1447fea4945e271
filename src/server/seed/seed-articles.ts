import type { Random } from './seed-random';

/** The demo help center's collections (id, name, icon, description). */
export const SEED_COLLECTIONS = [
  ['kc-seed-start', 'Getting started', '🚀', 'Set up your account and invite your team'],
  ['kc-seed-billing', 'Billing & payments', '💳', 'Plans, invoices and refunds'],
  ['kc-seed-shipping', 'Shipping & delivery', '📦', 'Delivery times, tracking and returns'],
  ['kc-seed-account', 'Your account', '🔒', 'Passwords, security and data'],
] as const;

type CollectionIndex = 0 | 1 | 2 | 3;

export type PlannedArticle = { id: string; title: string; description: string; content: string; collection: string; published: boolean };

/** The hand-written guides, each with its own steps: the first articles of any demo knowledge base. */
const GUIDES: readonly { title: string; collection: CollectionIndex; summary: string; steps: readonly string[] }[] = [
  { title: 'Create your account', collection: 0, summary: 'Sign up and set up your organization in a few minutes.', steps: ['Open the sign-up page and enter your name, email address and a password.', 'Name your organization: its address is made from the name.', 'Open the link in the welcome email to confirm your address.'] },
  { title: 'Invite your teammates', collection: 0, summary: 'Bring your team in so everyone works from the same inbox.', steps: ['Open <strong>Team</strong> from the sidebar.', 'Select <strong>Invite</strong> and enter one email address per line.', 'Choose each teammate’s role, then send the invitations.'] },
  { title: 'Choose a plan', collection: 1, summary: 'Compare the plans and pick the one that fits your team.', steps: ['Open <strong>Settings → Billing</strong>.', 'Compare the plans side by side and select <strong>Switch</strong> on the one you want.', 'Confirm: the new price applies from your next invoice.'] },
  { title: 'Download an invoice', collection: 1, summary: 'Every invoice is kept as a PDF for your accounting.', steps: ['Open <strong>Settings → Billing → Invoices</strong>.', 'Find the month you need.', 'Select <strong>Download PDF</strong>.'] },
  { title: 'Refund policy', collection: 1, summary: 'When and how we refund a payment.', steps: ['Ask for a refund within 30 days of the payment.', 'Tell us the order number and the reason.', 'The refund reaches your card within 5 to 10 working days.'] },
  { title: 'Update your card', collection: 1, summary: 'Change the card we charge before the next payment.', steps: ['Open <strong>Settings → Billing → Payment method</strong>.', 'Select <strong>Replace card</strong> and enter the new card’s details.', 'Save: the old card is removed at once.'] },
  { title: 'Delivery times by country', collection: 2, summary: 'How long a parcel takes to reach you.', steps: ['Find your country in the table on the shipping page.', 'Add one working day for orders placed after 2 pm.', 'Allow two more days during public holidays.'] },
  { title: 'Track your parcel', collection: 2, summary: 'Follow your order from our warehouse to your door.', steps: ['Open the shipping confirmation email.', 'Select the tracking number.', 'Turn on delivery updates by text on the carrier’s page if you want them.'] },
  { title: 'Return an item', collection: 2, summary: 'Send back what does not fit, within 30 days.', steps: ['Open <strong>Orders</strong> and select the order.', 'Select <strong>Return</strong>, choose the items and the reason.', 'Print the label and drop the parcel at any post office.'] },
  { title: 'Reset your password', collection: 3, summary: 'Get back into your account when you forgot your password.', steps: ['Select <strong>Forgot password?</strong> on the sign-in page.', 'Enter your email address and open the link we send you.', 'Choose a new password of at least 8 characters.'] },
  { title: 'Turn on two-step sign-in', collection: 3, summary: 'Protect your account with a code from your phone.', steps: ['Open <strong>Account → Security</strong>.', 'Select <strong>Turn on two-step sign-in</strong> and scan the code with an authenticator app.', 'Enter the six-digit code and keep your backup codes somewhere safe.'] },
  { title: 'Export your data', collection: 3, summary: 'Take a copy of everything your organization stores.', steps: ['Open <strong>Settings → Data</strong>.', 'Select <strong>Export</strong> and choose what to include.', 'Download the archive from the email we send when it is ready.'] },
];

/** Product features the generated guides are about, each with the settings area it lives in. */
const FEATURES: readonly { name: string; area: string; collection: CollectionIndex }[] = [
  { name: 'email notifications', area: 'Notifications', collection: 0 },
  { name: 'the chat widget', area: 'Channels', collection: 0 },
  { name: 'saved replies', area: 'Inbox', collection: 0 },
  { name: 'business hours', area: 'Inbox', collection: 0 },
  { name: 'auto-replies', area: 'Inbox', collection: 0 },
  { name: 'satisfaction surveys', area: 'Inbox', collection: 0 },
  { name: 'team roles', area: 'Team', collection: 0 },
  { name: 'the mobile app', area: 'Apps', collection: 0 },
  { name: 'calendar sync', area: 'Apps', collection: 0 },
  { name: 'webhooks', area: 'Developers', collection: 0 },
  { name: 'automatic invoices', area: 'Billing', collection: 1 },
  { name: 'annual billing', area: 'Billing', collection: 1 },
  { name: 'card payments', area: 'Billing', collection: 1 },
  { name: 'gift cards', area: 'Billing', collection: 1 },
  { name: 'discount codes', area: 'Billing', collection: 1 },
  { name: 'tax settings', area: 'Billing', collection: 1 },
  { name: 'purchase orders', area: 'Billing', collection: 1 },
  { name: 'subscriptions', area: 'Billing', collection: 1 },
  { name: 'loyalty points', area: 'Billing', collection: 1 },
  { name: 'refund requests', area: 'Billing', collection: 1 },
  { name: 'order tracking', area: 'Shipping', collection: 2 },
  { name: 'return labels', area: 'Shipping', collection: 2 },
  { name: 'delivery updates by text', area: 'Shipping', collection: 2 },
  { name: 'international shipping', area: 'Shipping', collection: 2 },
  { name: 'store pickup', area: 'Shipping', collection: 2 },
  { name: 'stock alerts', area: 'Shipping', collection: 2 },
  { name: 'the address book', area: 'Shipping', collection: 2 },
  { name: 'gift wrapping', area: 'Shipping', collection: 2 },
  { name: 'single sign-on (SSO)', area: 'Security', collection: 3 },
  { name: 'login alerts', area: 'Security', collection: 3 },
  { name: 'backup codes', area: 'Security', collection: 3 },
  { name: 'audit logs', area: 'Security', collection: 3 },
  { name: 'data export', area: 'Data', collection: 3 },
  { name: 'custom domains', area: 'Organization', collection: 3 },
  { name: 'API keys', area: 'Developers', collection: 3 },
  { name: 'privacy settings', area: 'Data', collection: 3 },
];

/** What a generated guide is for: its title and its steps, for a feature in its area. */
const ANGLES: readonly { title: (feature: string) => string; summary: (feature: string) => string; steps: (feature: string, area: string) => readonly string[] }[] = [
  { title: (f) => `Set up ${f}`, summary: (f) => `Get ${f} ready for your team.`, steps: (f, a) => [`Open <strong>Settings → ${a}</strong>.`, `Find <em>${f}</em> and select <strong>Set up</strong>.`, 'Follow the steps on screen, then select <strong>Save</strong>.'] },
  { title: (f) => `Turn off ${f}`, summary: (f) => `Stop using ${f} without losing your settings.`, steps: (f, a) => [`Open <strong>Settings → ${a}</strong>.`, `Switch <em>${f}</em> off.`, 'Turn it back on any time: your earlier settings come back with it.'] },
  { title: (f) => `Who can change ${f}`, summary: (f) => `The roles that may change ${f}.`, steps: (f) => ['Administrators can change every setting.', `Agents can see ${f} but not change it.`, 'Ask an administrator for the role if you need it.'] },
  { title: (f) => `Troubleshoot ${f}`, summary: (f) => `What to check when ${f} does not work as expected.`, steps: (f, a) => [`Check that ${f} is switched on under <strong>Settings → ${a}</strong>.`, 'Sign out and in again to load the latest settings.', 'Try another browser or device to see whether the problem follows you.'] },
  { title: (f) => `${capitalise(f)}: frequently asked questions`, summary: (f) => `Short answers about ${f}.`, steps: (f) => [`Is ${f} included in every plan? Yes, with the limits on the pricing page.`, 'Does a change apply at once? Yes, for the whole team.', 'Can I undo a change? Yes, from the history of the settings page.'] },
  { title: (f) => `Limits for ${f}`, summary: (f) => `How far ${f} goes on each plan.`, steps: (f) => [`The free plan includes ${f} for up to 3 teammates.`, 'Paid plans raise the limit to 50 teammates.', 'Write to us for more: we raise limits on request.'] },
  { title: (f) => `Get started with ${f}`, summary: (f) => `A first look at ${f}.`, steps: (f, a) => [`Read what ${f} does on the <strong>${a}</strong> settings page.`, 'Try it on a test conversation first.', 'Share what you learned with your team.'] },
  { title: (f) => `Keep ${f} secure`, summary: (f) => `Good habits for ${f}.`, steps: (f) => [`Give ${f} only to the teammates who need it.`, 'Review who has access every three months.', 'Turn on login alerts so you hear of a new device at once.'] },
];

/** Where a generated guide applies: none, a device or a kind of team. */
const SETTINGS: readonly { suffix: string; note: string }[] = [
  { suffix: '', note: '' },
  { suffix: ' on iPhone', note: 'These steps are for the iPhone app; the menus match the web app’s.' },
  { suffix: ' on Android', note: 'These steps are for the Android app; open the menu with the ☰ button.' },
  { suffix: ' in the browser', note: 'These steps are for the web app in any recent browser.' },
  { suffix: ' for administrators', note: 'These steps need the administrator role.' },
  { suffix: ' for new teams', note: 'New to the product? Do this once, right after you invite your team.' },
];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function shuffled<T>(random: Random, list: readonly T[]): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function body(draft: Draft): string {
  const list = draft.steps.map((step) => `<li>${step}</li>`).join('');
  const before = draft.settings ? '<h2>Before you start</h2><p>Sign in with an account that may change settings.</p>' : '';
  const callout = draft.settings ? '<div data-callout="info"><p>Changes apply to your whole team at once.</p></div>' : '';
  return `<p>${draft.summary}</p>${before}<h2>${draft.heading ?? 'Steps'}</h2><ol>${list}</ol>${callout}` +
    '<h2>Still stuck?</h2><p>Write to us from the chat: we answer within a working day.</p>';
}

/** `settings`: a guide to a setting (its body says who may change it). */
type Draft = { title: string; summary: string; steps: readonly string[]; collection: CollectionIndex; settings?: boolean; heading?: string };

/** The generated guides (feature × angle × setting), the plain ones first, in an order the seed decides. */
function generated(random: Random): Draft[] {
  const drafts: Draft[] = [];
  for (const setting of SETTINGS) {
    const batch: Draft[] = [];
    for (const feature of FEATURES) {
      for (const angle of ANGLES) {
        const summary = `${angle.summary(feature.name)}${setting.note ? ` ${setting.note}` : ''}`;
        batch.push({ title: `${angle.title(feature.name)}${setting.suffix}`, summary, steps: angle.steps(feature.name, feature.area), collection: feature.collection, settings: true });
      }
    }
    drafts.push(...shuffled(random, batch));
  }
  return drafts;
}

/** Release notes, one a version: the guides past the generated ones, so any count has distinct titles. */
function releaseNotes(index: number): Draft {
  const version = `${Math.floor(index / 10) + 1}.${index % 10}`;
  return {
    title: `Release notes for version ${version}`,
    summary: `What changed in version ${version}.`,
    steps: ['Faster search in the inbox.', `Fixes for ${FEATURES[index % FEATURES.length]?.name ?? 'the inbox'}.`, 'Clearer messages when something goes wrong.'],
    collection: 0,
    heading: 'What changed',
  };
}

/**
 * The demo knowledge base's `count` articles: the hand-written guides first (in the seed's
 * order), then generated ones, every title distinct and the same for the same seed; every
 * eighth stays a draft.
 */
export function planArticles(random: Random, count: number): PlannedArticle[] {
  const guides: Draft[] = shuffled(random, GUIDES).map((guide) => ({ ...guide }));
  const more = count > guides.length ? generated(random) : [];
  const drafts = [...guides, ...more];
  const articles: PlannedArticle[] = [];
  for (let n = 0; n < count; n++) {
    const draft = drafts[n] ?? releaseNotes(n - drafts.length);
    const collection = SEED_COLLECTIONS[draft.collection][0];
    articles.push({ id: `ka-seed-${n}`, title: draft.title, description: draft.summary, content: body(draft), collection, published: n % 8 !== 7 });
  }
  return articles;
}
