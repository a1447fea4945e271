import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Contact, Conversation } from '../../src/protocol/documents';
import { waitForConnection } from '../support/browser-suite';
import { useStripeBrowserSuite } from '../support/stripe-browser-suite';

const { suite, stripe } = useStripeBrowserSuite({ org: 'billing-e2e', conversations: 2, messagesPerConversation: 1 });

const wide = { viewport: { width: 1440, height: 900 } };
let conversation: Conversation;
let contact: Contact;
let chargeId: string;
let customerId: string;

beforeAll(async () => {
  const connected = await suite.api.request('PUT', 'integrations/stripe', { body: { api_key: 'rk_test_billing_e2e_key', webhook_secret: 'whsec_billing_e2e' } });
  expect(connected.status).toBe(200);
  conversation = (await suite.api.get<{ conversations: Conversation[] }>('conversations/?limit=1&order=newest')).body.conversations[0] as Conversation;
  contact = (await suite.api.get<Contact>(`contacts/${conversation.contact_id}`)).body;
  const merchant = stripe().client();
  const customer = await merchant.customers.create({ email: contact.email ?? '', name: contact.name, source: 'tok_visa' });
  customerId = customer.id;
  chargeId = (await merchant.charges.create({ amount: 4200, currency: 'usd', customer: customer.id, description: 'Team plan, 3 seats' })).id;
});

const billing = (page: Page): Locator => page.getByRole('region', { name: 'Billing' });
const payment = (page: Page): Locator => billing(page).getByRole('list', { name: 'Payments' }).getByRole('listitem');
const thread = (page: Page): Locator => page.getByRole('log', { name: 'Messages' });

describe('billing in the contact panel', () => {
  it('confirms the suggested Stripe customer, refunds part of a payment with a reason, and both tabs show the refund and the note', async () => {
    const first = await suite.newAgentPage({ context: wide });
    const second = await first.context().newPage();
    const path = `/${suite.seeded.slug}/conversations/view/${conversation.id}`;
    await first.goto(path);
    await second.goto(path);
    await waitForConnection(second, 'Live');

    await billing(first).getByRole('button', { name: 'Look up in Stripe' }).click();
    await expect.poll(() => billing(second).getByText('Suggested: a Stripe customer has this email').count(), { timeout: 20_000 }).toBe(1);
    await billing(first).getByRole('button', { name: 'Confirm', exact: true }).click();
    const confirmDialog = first.getByRole('dialog', { name: 'Confirm the Stripe customer' });
    expect(await confirmDialog.textContent()).toContain(`${contact.email ?? ''} (the Stripe customer cus_`);
    await confirmDialog.getByRole('button', { name: 'Confirm' }).click();

    for (const page of [first, second]) {
      await expect.poll(() => billing(page).getByText(/^Confirmed by /).textContent(), { timeout: 20_000 }).toMatch(/^Confirmed by .+ · \w{3} \d{1,2}, \d{4}$/);
      await expect.poll(() => payment(page).first().textContent(), { timeout: 20_000 }).toContain('$42');
    }

    await payment(first).first().getByRole('button', { name: 'Refund' }).click();
    const refundDialog = first.getByRole('dialog', { name: 'Refund a payment' });
    await refundDialog.getByLabel('Amount (USD)').fill('12.50');
    await refundDialog.getByLabel('Reason').fill('Charged for a seat they removed');
    expect(await refundDialog.getByTestId('refund-statement').textContent()).toMatch(
      /^Stripe refunds \$12\.50 from the \$42 payment of \w{3} \d{1,2}, \d{4} to .+’s card\. A refund cannot be taken back\. An internal note with the amount and reason is left on this conversation\.$/,
    );
    await refundDialog.getByRole('button', { name: 'Refund $12.50' }).click();
    // At once in the tab that acted (the optimistic copy), then from Stripe in both.
    await expect.poll(() => payment(first).first().textContent(), { timeout: 5_000 }).toMatch(/Refund(ing|ed) \$12\.50 · Charged for a seat they removed/);
    for (const page of [first, second]) {
      await expect.poll(() => payment(page).first().textContent(), { timeout: 20_000 }).toContain('Refunded $12.50 · Charged for a seat they removed');
      await expect
        .poll(() => thread(page).getByText(`refunded $12.50 of $42 (payment ${chargeId}). Reason: Charged for a seat they removed`).count(), { timeout: 20_000 })
        .toBe(1);
    }
    const refunds = await stripe().client().refunds.list({ charge: chargeId });
    expect(refunds?.data.map((refund) => [refund.amount, refund.metadata?.reason])).toEqual([[1250, 'Charged for a seat they removed']]);
  });

  it('an agent without billing.refund sees the payments and subscriptions but no Refund or Cancel, and why', async () => {
    const merchant = stripe().client();
    await merchant.plans.create({ id: 'team-monthly', amount: 2900, currency: 'usd', interval: 'month', nickname: 'Team', product: { name: 'Team' } });
    await merchant.subscriptions.create({ customer: customerId, items: [{ plan: 'team-monthly' }] });
    expect((await suite.api.post(`contacts/${contact.id}/payment-email`, { email: contact.email, source: 'stripe' })).status).toBe(200);
    const path = `/${suite.seeded.slug}/conversations/view/${conversation.id}`;
    const subscriptions = (page: Page): Locator => billing(page).getByRole('list', { name: 'Subscriptions' }).getByRole('listitem');

    // The owner holds every permission: the same view offers both actions.
    const owner = await suite.newAgentPage({ context: wide });
    await owner.goto(path);
    await expect.poll(() => subscriptions(owner).first().getByRole('button', { name: 'Cancel' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await payment(owner).first().getByRole('button', { name: 'Refund' }).count()).toBe(1);

    // Alex, seeded with tag and snippet roles only.
    const agent = await suite.newAgentPage({ email: `alex@${suite.seeded.slug}.example`, context: wide });
    await agent.goto(path);
    await expect.poll(() => subscriptions(agent).first().textContent(), { timeout: 20_000 }).toContain('Team');
    await expect.poll(() => payment(agent).first().textContent(), { timeout: 20_000 }).toContain('$42');
    expect(await billing(agent).getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect(await billing(agent).getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await billing(agent).getByText('Refunds and cancels need a permission an administrator grants on the Team page.').count()).toBe(1);
  });

  it('shows Stripe’s refusal (a revoked key) with its text and takes the pending refund back', async () => {
    await suite.api.post(`contacts/${contact.id}/payment-email`, { email: contact.email, source: 'stripe' });
    const page = await suite.newAgentPage({ context: wide });
    await page.goto(`/${suite.seeded.slug}/conversations/view/${conversation.id}`);
    await expect.poll(() => payment(page).first().textContent(), { timeout: 20_000 }).toContain('$42');
    const before = await payment(page).first().textContent();
    stripe().revoke('rk_test_billing_e2e_key');

    await payment(page).first().getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
    await dialog.getByLabel('Amount (USD)').fill('5');
    await dialog.getByLabel('Reason').fill('Late delivery');
    await dialog.getByRole('button', { name: 'Refund $5' }).click();
    await expect.poll(() => page.getByText(/^Stripe: Expired API Key provided: rk_test_/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => payment(page).first().textContent(), { timeout: 10_000 }).toBe(before);
    expect(await thread(page).getByText('Reason: Late delivery').count()).toBe(0);
  });
});
