import { z } from 'zod';
import { contactMergeBody, contactUpdateFields } from '../api/contact-requests';
import { idNumber } from '../api/id-fields';

/** A contact's profile (§3), edited by agents in the contact panel, in the contact's lane. */
export const CONTACT_MUTATIONS = {
  'update-contact': contactUpdateFields.extend({ contact_id: idNumber() }),
  /** `conversation_ids` (prepared): the contact's conversations on the device, which move at once. */
  'merge-contact': contactMergeBody.extend({ contact_id: idNumber(), conversation_ids: z.array(idNumber()).optional() }),
};
