import { describe, expect, it } from 'vitest';
import { useStripeBrowserSuite } from '../support/stripe-browser-suite';

const { suite, stripe } = useStripeBrowserSuite({ org: 'integrations-e2e', conversations: 1, messagesPerConversation: 1 });

describe('Settings → Integrations and Billing', () => {
  it('connects Stripe after Stripe checked the key, shows it on the Billing page, says when its state cannot be loaded, and disconnects after a confirmation', async () => {
    const page = await suite.newAgentPage({ context: { viewport: { width: 1280, height: 800 } } });
    const stripeSection = page.getByRole('region', { name: 'Stripe' });
    await page.goto(`/${suite.seeded.slug}/integrations`);
    await stripeSection.getByLabel('Restricted key').waitFor();

    const revoked = 'rk_test_integrations_revoked_0001';
    stripe().revoke(revoked);
    await stripeSection.getByLabel('Restricted key').fill(revoked);
    await stripeSection.getByRole('button', { name: 'Connect Stripe' }).click();
    await expect.poll(() => stripeSection.getByText(/Expired API Key provided/).count(), { timeout: 20_000 }).toBeGreaterThan(0);

    await stripeSection.getByLabel('Restricted key').fill('rk_test_integrations_good_key_0002');
    await stripeSection.getByRole('button', { name: 'Connect Stripe' }).click();
    await expect.poll(() => stripeSection.getByRole('button', { name: 'Disconnect Stripe' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await stripeSection.textContent()).toContain('0002');
    expect(await stripeSection.textContent()).not.toContain('rk_test_integrations_good_key_0002');

    await page.goto(`/${suite.seeded.slug}/billing`);
    const plan = page.getByRole('region', { name: 'Plan' });
    await expect.poll(() => plan.textContent(), { timeout: 20_000 }).toContain('Premium');
    await expect.poll(() => page.getByRole('region', { name: 'Payment sources' }).textContent(), { timeout: 20_000 }).toContain('Connected');

    // Offline, the page cannot ask the server: it says so and offers to try again.
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await stripeSection.getByRole('button', { name: 'Disconnect Stripe' }).waitFor({ timeout: 20_000 });
    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Billing' }).first().click();
    await expect.poll(() => page.getByText('The payment sources could not be loaded.').count(), { timeout: 20_000 }).toBe(1);
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Payment sources' }).textContent(), { timeout: 20_000 }).toContain('Connected');

    await page.getByRole('link', { name: 'Integrations' }).first().click();
    await stripeSection.getByRole('button', { name: 'Disconnect Stripe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Stripe' });
    expect(await dialog.textContent()).toContain('Nothing changes in Stripe.');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect.poll(() => stripeSection.getByLabel('Restricted key').count(), { timeout: 20_000 }).toBe(1);
    const properties = await suite.api.get<{ connected: boolean }>('integrations/stripe/properties');
    expect(properties.body.connected).toBe(false);
  });
});
