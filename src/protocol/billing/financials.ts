/**
 * A contact's billing view (§3 Contact `financials`), as Stripe reports it and the server caches
 * it on the contact. Amounts are in the currency's minor unit (cents), as Stripe counts them;
 * `money.ts` turns them into what is shown and what an agent types.
 */
export type PaymentSource = {
  source: 'stripe';
  email: string;
  /** Stripe's customers with this email. */
  customer_ids: string[];
  name: string | null;
  /** Found by the contact's email and not confirmed yet (§4): no payments shown for it. */
  is_suggested: boolean;
  confirmed_by: number | null;
  confirmed_at: number | null;
};

export type Refund = { id: string; amount: number; currency: string; reason: string | null; created: number };

export type Payment = {
  /** Stripe's charge id (`ch_…`). */
  id: string;
  customer_id: string;
  amount: number;
  amount_refunded: number;
  currency: string;
  description: string | null;
  status: string;
  created: number;
  refunds: Refund[];
};

export type SubscriptionSummary = {
  id: string;
  customer_id: string;
  status: string;
  plan: string | null;
  amount: number | null;
  currency: string;
  interval: string | null;
  start: number;
  current_period_end: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
};

export type ContactFinancials = {
  sources: PaymentSource[];
  payments: { data: Payment[] };
  subscriptions: { latest: SubscriptionSummary[] };
  /** When the server last read Stripe for this contact (epoch ms). */
  refreshed_at: number;
};

/** The most payments and subscriptions kept per contact (newest first). */
export const FINANCIALS_LIMITS = { payments: 20, subscriptions: 5 } as const;
