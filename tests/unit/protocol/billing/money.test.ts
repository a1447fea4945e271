import { describe, expect, it } from 'vitest';
import { withRefund } from '../../../../src/protocol/billing/financials-patch';
import type { ContactFinancials } from '../../../../src/protocol/billing/financials';
import { exactMinorUnits, formatMoney, toMajorUnits, toMinorUnits } from '../../../../src/protocol/billing/money';

describe('money (§5 units, §9 display)', () => {
  it('takes what an agent types in major units and gives Stripe minor units', () => {
    expect(toMinorUnits(12.5)).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(19.99, 'eur')).toBe(1999);
    expect(toMinorUnits(500, 'jpy')).toBe(500);
  });

  it('an amount that is no whole number of minor units has none (0.001 USD never reaches Stripe as 0)', () => {
    expect(exactMinorUnits(12.5)).toBe(1250);
    expect(exactMinorUnits(0.29)).toBe(29);
    expect(exactMinorUnits(0.1 + 0.2)).toBe(30);
    expect(exactMinorUnits(500, 'jpy')).toBe(500);
    for (const [amount, currency] of [[0.001, 'usd'], [12.345, 'usd'], [0.009, 'eur'], [1.5, 'jpy'], [Number.NaN, 'usd']] as const) {
      expect(exactMinorUnits(amount, currency), `${amount} ${currency}`).toBeNull();
    }
  });

  it('shows Stripe’s minor units as major units, in USD by default, with .00 dropped', () => {
    expect(toMajorUnits(1250)).toBe(12.5);
    expect(formatMoney(1250)).toBe('$12.50');
    expect(formatMoney(4200)).toBe('$42');
    expect(formatMoney(4200, 'usd')).toBe('$42');
    expect(formatMoney(1999, 'eur')).toBe('€19.99');
    expect(formatMoney(500, 'jpy')).toBe('¥500');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
  });

  it('a pending refund of 12.5 shows as 1250 cents taken from the payment, never more than what is left', () => {
    const financials: ContactFinancials = {
      sources: [],
      payments: { data: [{ id: 'ch_1', customer_id: 'cus_1', amount: 4200, amount_refunded: 3000, currency: 'usd', description: null, status: 'succeeded', created: 1, refunds: [] }] },
      subscriptions: { latest: [] },
      refreshed_at: 1,
    };
    expect(withRefund(financials, 'ch_1', 12.5, 'twice', 2).payments.data[0]).toMatchObject({ amount_refunded: 4200, status: 'refunded', refunds: [{ amount: 1200 }] });
    expect(withRefund(financials, 'ch_1', 2.5, 'twice', 2).payments.data[0]).toMatchObject({ amount_refunded: 3250, status: 'succeeded', refunds: [{ amount: 250 }] });
    expect(withRefund(financials, 'ch_1', null, 'rest', 2).payments.data[0]?.refunds[0]?.amount).toBe(1200);
  });
});
