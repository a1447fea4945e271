import { z } from 'zod';
import { CANCEL_WHEN, paymentEmailBody, refundBody } from '../api/billing-requests';
import { idNumber } from '../api/id-fields';
import { route } from '../api/route';
import { singleLineText } from '../api/text-fields';
import type { MutationEntries } from './mutation-entry';

const contactId = idNumber();
const stripeRef = singleLineText().max(255);

/**
 * A contact's billing (§7 `contacts/{id}/…`), in the contact's lane. The Stripe call each makes on
 * the server carries an idempotency key derived from the row's mutation id, so a row sent again
 * (a retry, a new worker after a crash) never refunds or cancels twice.
 */
export const BILLING_MUTATIONS = {
  /** Reads the contact's billing view from Stripe again (on demand). */
  'refresh-billing': { route: route('POST', 'contacts/:id/billing/refresh'), args: z.object({ contact_id: contactId }) },
  /** Confirms a suggested payment email or links another (§4: it becomes validated). */
  'confirm-payment-email': { route: route('POST', 'contacts/:id/payment-email'), args: paymentEmailBody.extend({ contact_id: contactId }) },
  'unlink-payment-email': { route: route('DELETE', 'contacts/:id/payment-email'), args: paymentEmailBody.extend({ contact_id: contactId }) },
  /** `amount` in major units, none for the whole remainder; the note goes on `conversation_id`. */
  'refund-payment': { route: route('POST', 'contacts/:id/refund/:chargeId'), args: refundBody.extend({ contact_id: contactId, charge_id: stripeRef }) },
  /** `when` and `conversation_id` go in the query (a DELETE has no body). */
  'cancel-subscription': {
    route: route('DELETE', 'contacts/:id/subscriptions/:subId'),
    args: z.object({ contact_id: contactId, subscription_id: stripeRef, when: z.enum(CANCEL_WHEN), conversation_id: idNumber().nullable().optional() }),
  },
} satisfies MutationEntries;
