/**
 * Money (§9: shown in USD by default, `.00` dropped) and the unit conversion of §5 ("amounts
 * are handled in major units; shown values are cents times 100"), read as: what an agent types
 * and what the API takes (`POST contacts/{id}/refund/{chargeId}` `amount`) is in **major units**
 * (12.5 dollars); what Stripe and the cached financials count is **minor units** (1250 cents).
 * See docs/decisions.md, "Refund amounts: major units in, minor units to Stripe".
 */

/** Currencies Stripe counts without a minor unit (https://docs.stripe.com/currencies#zero-decimal). */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

export const DEFAULT_CURRENCY = 'usd';

function factor(currency: string): number {
  return ZERO_DECIMAL.has(currency.toLowerCase()) ? 1 : 100;
}

/** 12.5 USD → 1250; rounded to the nearest minor unit (floating point never leaks a cent). */
export function toMinorUnits(major: number, currency: string = DEFAULT_CURRENCY): number {
  return Math.round(major * factor(currency));
}

/** How many decimals an amount of the currency may have: 2 for USD, 0 for JPY. */
export function currencyDecimals(currency: string = DEFAULT_CURRENCY): number {
  return factor(currency) === 1 ? 0 : 2;
}

/**
 * 12.5 USD → 1250, but null for an amount that is no whole number of minor units (0.001 USD,
 * 12.345 USD, 1.5 JPY): such an amount would reach Stripe rounded, 0.001 as 0.
 */
export function exactMinorUnits(major: number, currency: string = DEFAULT_CURRENCY): number | null {
  const scaled = major * factor(currency);
  const minor = Math.round(scaled);
  // Decimal fractions are not exact in binary: 0.29 * 100 is 28.999999999999996.
  return Number.isFinite(scaled) && Math.abs(scaled - minor) < 1e-6 ? minor : null;
}

/** 1250 (USD cents) → 12.5. */
export function toMajorUnits(minor: number, currency: string = DEFAULT_CURRENCY): number {
  return minor / factor(currency);
}

/** 1250 USD cents → `$12.50`; 1000 → `$10` (`.00` dropped, §9); 500 EUR cents → `€5`. */
export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY, locale = 'en-US'): string {
  const major = toMajorUnits(minor, currency);
  const whole = Number.isInteger(major);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : undefined,
    maximumFractionDigits: whole ? 0 : undefined,
  }).format(major);
}
