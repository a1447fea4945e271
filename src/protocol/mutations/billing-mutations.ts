import { z } from 'zod';
import { CANCEL_WHEN, paymentEmailBody, refundBody } from '../api/billing-requests';
import { idNumber } from '../api/id-fields';
import { singleLineText } from '../api/text-fields';

const contactId = idNumber();
const stripeRef = singleLineText().max(255);

/**
 * A contact's billing (§7 `contacts/{id}/…`), in the contact's lane. The Stripe call each makes on
 * the server carries an idempotency key derived from the row's mutation id, so a row sent again
 * (a retry, a new worker after a crash) never refunds or cancels twice.
 */
export const BILLING_MUTATIONS = {
  /** Reads the contact's billing view from Stripe again (on demand). */
  'refresh-billing': z.object({ contact_id: contactId }),
  /** Confirms a suggested payment email or links another (§4: it becomes validated). */
  'confirm-payment-email': paymentEmailBody.extend({ contact_id: contactId }),
  'unlink-payment-email': paymentEmailBody.extend({ contact_id: contactId }),
  /** `amount` in major units, none for the whole remainder; the note goes on `conversation_id`. */
  'refund-payment': refundBody.extend({ contact_id: contactId, charge_id: stripeRef }),
  'cancel-subscription': z.object({ contact_id: contactId, subscription_id: stripeRef, when: z.enum(CANCEL_WHEN), conversation_id: idNumber().nullable().optional() }),
};
