import type Stripe from 'stripe';
import { FINANCIALS_LIMITS, type ContactFinancials, type Payment, type PaymentSource, type SubscriptionSummary } from '../../protocol/billing/financials';
import type { ContactPaymentLinkRow } from './billing-tables';

export type BillingState = { financials: ContactFinancials; subscription_status: string | null; subscription_start: number | null };

const ms = (seconds: number | null | undefined) => (typeof seconds === 'number' ? seconds * 1000 : null);
const newestFirst = <T extends { created: number }>(a: T, b: T) => b.created - a.created;

async function customersByEmail(stripe: Stripe, email: string): Promise<Stripe.Customer[]> {
  const list = await stripe.customers.list({ email, limit: 10 });
  return list.data.filter((customer) => customer.email?.toLowerCase() === email.toLowerCase());
}

function toPayment(charge: Stripe.Charge, customerId: string): Payment {
  return {
    id: charge.id,
    customer_id: customerId,
    amount: charge.amount,
    amount_refunded: charge.amount_refunded,
    currency: charge.currency,
    description: charge.description ?? null,
    status: charge.refunded ? 'refunded' : charge.status,
    created: charge.created * 1000,
    refunds: (charge.refunds?.data ?? [])
      .map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        currency: refund.currency,
        reason: refund.metadata?.reason ?? refund.reason ?? null,
        created: refund.created * 1000,
      }))
      .sort(newestFirst),
  };
}

type LooseItem = { plan?: { id: string; nickname?: string | null; amount?: number | null; interval?: string } | null; price?: { unit_amount?: number | null; nickname?: string | null; recurring?: { interval?: string } | null } | null; current_period_end?: number; quantity?: number };

function toSubscription(subscription: Stripe.Subscription, customerId: string): SubscriptionSummary {
  const item = subscription.items.data[0] as LooseItem | undefined;
  const periodEnd = (subscription as unknown as { current_period_end?: number }).current_period_end ?? item?.current_period_end;
  const unit = item?.price?.unit_amount ?? item?.plan?.amount ?? null;
  return {
    id: subscription.id,
    customer_id: customerId,
    status: subscription.status,
    plan: item?.price?.nickname ?? item?.plan?.nickname ?? item?.plan?.id ?? null,
    amount: unit === null ? null : unit * (item?.quantity ?? 1),
    currency: subscription.currency ?? 'usd',
    interval: item?.price?.recurring?.interval ?? item?.plan?.interval ?? null,
    start: (subscription.start_date || subscription.created) * 1000,
    current_period_end: ms(periodEnd),
    cancel_at_period_end: subscription.cancel_at_period_end,
    canceled_at: ms(subscription.canceled_at),
  };
}

/**
 * Reads a contact's billing view from Stripe: the confirmed payment emails' customers with their
 * payments (and refunds) and latest subscriptions, and, when the contact's own email is not
 * confirmed, Stripe's customers with that email as a suggestion (§4; nothing of a suggestion's
 * payments is read before an agent confirms it).
 */
export async function readBillingState(stripe: Stripe, contactEmail: string | null, links: readonly ContactPaymentLinkRow[], now: number): Promise<BillingState> {
  const sources: PaymentSource[] = [];
  const payments: Payment[] = [];
  const subscriptions: SubscriptionSummary[] = [];
  for (const link of links) {
    const customers = await customersByEmail(stripe, link.email);
    sources.push({
      source: 'stripe',
      email: link.email,
      customer_ids: customers.map((customer) => customer.id),
      name: customers.find((customer) => customer.name)?.name ?? null,
      is_suggested: false,
      confirmed_by: link.confirmed_by,
      confirmed_at: Number(link.confirmed_at),
    });
    for (const customer of customers) {
      const [charges, subs] = await Promise.all([
        stripe.charges.list({ customer: customer.id, limit: FINANCIALS_LIMITS.payments, expand: ['data.refunds'] }),
        stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: FINANCIALS_LIMITS.subscriptions }),
      ]);
      payments.push(...charges.data.map((charge) => toPayment(charge, customer.id)));
      subscriptions.push(...subs.data.map((subscription) => toSubscription(subscription, customer.id)));
    }
  }
  const email = contactEmail?.toLowerCase();
  if (email && !links.some((link) => link.email === email)) {
    const suggested = await customersByEmail(stripe, email);
    if (suggested.length > 0) {
      sources.push({
        source: 'stripe',
        email,
        customer_ids: suggested.map((customer) => customer.id),
        name: suggested.find((customer) => customer.name)?.name ?? null,
        is_suggested: true,
        confirmed_by: null,
        confirmed_at: null,
      });
    }
  }
  payments.sort(newestFirst);
  subscriptions.sort((a, b) => b.start - a.start);
  const latest = subscriptions[0] ?? null;
  return {
    financials: {
      sources,
      payments: { data: payments.slice(0, FINANCIALS_LIMITS.payments) },
      subscriptions: { latest: subscriptions.slice(0, FINANCIALS_LIMITS.subscriptions) },
      refreshed_at: now,
    },
    subscription_status: latest?.status ?? null,
    subscription_start: latest?.start ?? null,
  };
}
