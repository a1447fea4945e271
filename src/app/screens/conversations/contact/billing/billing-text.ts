import type { Payment, SubscriptionSummary } from '../../../../../protocol/billing/financials';
import { formatMoney } from '../../../../../protocol/billing/money';

/** A day as agents read it: `Mar 3, 2026`. */
export function billingDate(epochMs: number): string {
  return new Date(epochMs).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** `$29/month`, or the plan's amount alone. */
export function subscriptionPrice(subscription: SubscriptionSummary): string | null {
  if (subscription.amount === null) return null;
  const money = formatMoney(subscription.amount, subscription.currency);
  return subscription.interval ? `${money}/${subscription.interval}` : money;
}

/** What comes next for a subscription: renewal, its end, or when it ended. */
export function subscriptionNext(subscription: SubscriptionSummary): string {
  if (subscription.status === 'canceled') return subscription.canceled_at ? `Cancelled ${billingDate(subscription.canceled_at)}` : 'Cancelled';
  if (!subscription.current_period_end) return subscription.status;
  return `${subscription.cancel_at_period_end ? 'Ends' : 'Renews'} ${billingDate(subscription.current_period_end)}`;
}

/** What is left to refund of a payment, in minor units. */
export const refundable = (payment: Payment) => payment.amount - payment.amount_refunded;

export const STATUS_TONE: Record<string, 'success' | 'warning' | 'neutral'> = {
  active: 'success',
  trialing: 'success',
  past_due: 'warning',
  unpaid: 'warning',
  incomplete: 'warning',
};
