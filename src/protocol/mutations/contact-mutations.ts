import { z } from 'zod';
import { contactMergeBody, contactUpdateFields } from '../api/contact-requests';
import { idNumber } from '../api/id-fields';
import { route } from '../api/route';
import type { MutationEntries } from './mutation-entry';

/** A contact's profile (§3), edited by agents in the contact panel, in the contact's lane. */
export const CONTACT_MUTATIONS = {
  'update-contact': { route: route('PATCH', 'contacts/:id'), args: contactUpdateFields.extend({ contact_id: idNumber() }) },
  /** `conversation_ids` (prepared): the contact's conversations on the device, which move at once. */
  'merge-contact': {
    route: route('POST', 'contacts/:id/merge'),
    args: contactMergeBody.extend({ contact_id: idNumber(), conversation_ids: z.array(idNumber()).optional() }),
  },
} satisfies MutationEntries;
