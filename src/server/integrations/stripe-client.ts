import Stripe from 'stripe';
import type { AppContext } from '../app-context';
import type { IntegrationRow } from './integration-tables';
import { HttpError } from '../http/http-error';
import { openSecret } from './secret-box';

export const STRIPE_NOT_CONNECTED = 'Stripe is not connected. Connect it in Settings → Integrations.';
export const INTEGRATIONS_NOT_CONFIGURED = 'Integrations are off on this server: set INTEGRATIONS_SECRET to connect one.';

/** A Stripe client for this key, talking to the configured API address (Stripe, or a test server). */
export function stripeClient(ctx: AppContext, apiKey: string): Stripe {
  const url = ctx.config.integrations.stripeApiUrl;
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(apiKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    timeout: 15_000,
    maxNetworkRetries: 1,
    appInfo: { name: 'support-inbox' },
  });
}

export function readIntegration(ctx: AppContext, orgId: number, name: string): Promise<IntegrationRow | undefined> {
  return ctx.db.selectFrom('integrations').selectAll().where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();
}

/** The organization's Stripe client, or a 409 with the text the page shows when it is not connected. */
export async function connectedStripe(ctx: AppContext, orgId: number): Promise<Stripe> {
  const key = ctx.config.integrations.secretKey;
  const row = await readIntegration(ctx, orgId, 'stripe');
  if (!key || !row) throw new HttpError(409, { error: STRIPE_NOT_CONNECTED });
  return stripeClient(ctx, openSecret(key, row.api_key));
}

/**
 * Stripe's refusal as the caller sees it: its own text (a card declined, a key revoked, an amount
 * larger than what is left) with a 422, so the outbox drops the change and shows the text; a
 * network failure or Stripe's 5xx is a 502 and is retried under the same idempotency key. The
 * integration remembers the last failure (the Integrations page shows it).
 */
export async function stripeFailure(ctx: AppContext, orgId: number, error: unknown): Promise<HttpError> {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  const text = error.message || 'Stripe refused the request.';
  await ctx.db.updateTable('integrations').set({ last_error: text }).where('org_id', '=', orgId).where('name', '=', 'stripe').execute();
  const retryable = error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError;
  return new HttpError(retryable ? 502 : 422, { error: `Stripe: ${text}` });
}

/** A call to Stripe succeeded: the last failure is forgotten. */
export async function stripeSucceeded(ctx: AppContext, orgId: number): Promise<void> {
  await ctx.db.updateTable('integrations').set({ last_error: null }).where('org_id', '=', orgId).where('name', '=', 'stripe').where('last_error', 'is not', null).execute();
}
