import { z } from 'zod';
import { emailField } from './fields';
import { idNumber, idParam } from './id-fields';
import { multiLineText, singleLineText } from './text-fields';

/** Where payment emails are looked up: Stripe only, today. */
export const PAYMENT_SOURCES = ['stripe'] as const;
export const INTEGRATION_NAMES = ['stripe'] as const;
export type IntegrationName = (typeof INTEGRATION_NAMES)[number];

const stripeId = (prefix: string) =>
  singleLineText()
    .trim()
    .max(255, { error: 'is too long' })
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`), { error: `must be a Stripe ${prefix}_ id` });

export const integrationParams = z.object({ name: z.enum(INTEGRATION_NAMES, { error: 'is not an integration' }) });

/**
 * `PUT integrations/stripe`: a restricted key (`rk_…`; a secret key `sk_…` is accepted too) and
 * optionally the webhook endpoint's signing secret (`whsec_…`).
 */
export const stripeConnectBody = z.object({
  api_key: singleLineText()
    .trim()
    .max(255, { error: 'is too long' })
    .regex(/^(rk|sk)_(test|live)_[A-Za-z0-9_]+$/, { error: 'must be a Stripe restricted key (rk_live_…)' }),
  webhook_secret: singleLineText()
    .trim()
    .max(255, { error: 'is too long' })
    .regex(/^whsec_[A-Za-z0-9_]+$/, { error: 'must be a webhook signing secret (whsec_…)' })
    .nullable()
    .optional(),
});

/** `POST|DELETE contacts/{id}/payment-email` (§7). */
export const paymentEmailBody = z.object({ email: emailField, source: z.enum(PAYMENT_SOURCES, { error: 'is not a payment source' }) });

/** The conversation an action's internal note goes on (optional: from the contact page, none). */
const noteOn = z.object({ conversation_id: idNumber().nullable().optional() });

/**
 * `POST contacts/{id}/refund/{chargeId}` (§7 `amount, reason`): `amount` in major units (12.5 is
 * $12.50; see protocol/billing/money.ts), omitted or null for the whole remainder.
 */
export const refundBody = noteOn.extend({
  amount: z.number({ error: 'must be a number' }).positive({ error: 'must be more than 0' }).max(1_000_000, { error: 'is too large' }).nullable().optional(),
  reason: multiLineText().trim().min(1, { error: 'is required' }).max(500, { error: 'is too long' }),
});
export const refundParams = z.object({ id: idParam, chargeId: stripeId('ch') });

export const CANCEL_WHEN = ['now', 'period_end'] as const;
export type CancelWhen = (typeof CANCEL_WHEN)[number];
/** `DELETE contacts/{id}/subscriptions/{subId}?when=now|period_end` (§7 `param when`). */
export const cancelSubscriptionQuery = z.object({ conversation_id: idParam.optional(), when: z.enum(CANCEL_WHEN, { error: 'must be now or period_end' }) });
export const subscriptionParams = z.object({ id: idParam, subId: stripeId('sub') });

/** `GET integrations/{name}/properties` (§7): what the page shows of an integration. */
export type IntegrationProperties = {
  name: IntegrationName;
  /** Encryption at rest is configured (INTEGRATIONS_SECRET); without it nothing can be connected. */
  can_connect: boolean;
  connected: boolean;
  key_hint: string | null;
  has_webhook_secret: boolean;
  connected_by: number | null;
  connected_at: number | null;
  /** The text of the last failed call to the service, or null. */
  last_error: string | null;
  /** Where Stripe sends webhooks for this organization. */
  webhook_url: string;
};
