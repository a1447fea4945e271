import type { ContactFinancials, Payment } from './financials';
import { toMinorUnits } from './money';

/**
 * What a billing action changes in a contact's cached view, applied optimistically by the worker
 * (pure) until the server's copy, read from Stripe, replaces it. A pending refund has the id
 * `pending`.
 */
export const PENDING_REFUND_ID = 'pending';

/** The minor units a refund of `amount` (major units; none: the rest) takes from a payment. */
export function refundMinorUnits(payment: Payment, amount: number | null | undefined): number {
  const left = payment.amount - payment.amount_refunded;
  return amount === null || amount === undefined ? left : Math.min(left, toMinorUnits(amount, payment.currency));
}

export function withRefund(financials: ContactFinancials, chargeId: string, amount: number | null | undefined, reason: string, at: number): ContactFinancials {
  return {
    ...financials,
    payments: {
      data: financials.payments.data.map((payment) => {
        if (payment.id !== chargeId) return payment;
        const minor = refundMinorUnits(payment, amount);
        const refunded = payment.amount_refunded + minor;
        return {
          ...payment,
          amount_refunded: refunded,
          status: refunded >= payment.amount ? 'refunded' : payment.status,
          refunds: [{ id: PENDING_REFUND_ID, amount: minor, currency: payment.currency, reason, created: at }, ...payment.refunds],
        };
      }),
    },
  };
}

export function withCancel(financials: ContactFinancials, subscriptionId: string, when: 'now' | 'period_end', at: number): ContactFinancials {
  return {
    ...financials,
    subscriptions: {
      latest: financials.subscriptions.latest.map((subscription) => {
        if (subscription.id !== subscriptionId) return subscription;
        return when === 'now' ? { ...subscription, status: 'canceled', canceled_at: at, cancel_at_period_end: false } : { ...subscription, cancel_at_period_end: true };
      }),
    },
  };
}

export function withLink(financials: ContactFinancials, email: string, confirmed: boolean, at: number): ContactFinancials {
  const sources = confirmed
    ? financials.sources.some((source) => source.email === email)
      ? financials.sources.map((source) => (source.email === email ? { ...source, is_suggested: false, confirmed_at: at } : source))
      : [...financials.sources, { source: 'stripe' as const, email, customer_ids: [], name: null, is_suggested: false, confirmed_by: null, confirmed_at: at }]
    : financials.sources.filter((source) => source.email !== email);
  return { ...financials, sources };
}
