import { z } from 'zod';
import { customDataBody, customFieldCreateBody, customFieldIdField, customFieldUpdateBody } from '../api/custom-data-requests';
import { idNumber } from '../api/id-fields';
import { route } from '../api/route';
import type { MutationEntries } from './mutation-entry';

/**
 * Custom data (§2 `custom-data`): field definitions in the `custom-data` lane (ids are the
 * client's, like snippets), and values on a contact (its lane) or a conversation (its lane).
 */
export const CUSTOM_DATA_MUTATIONS = {
  'create-custom-field': { route: route('POST', 'custom-data/'), args: customFieldCreateBody },
  'update-custom-field': { route: route('PATCH', 'custom-data/:id'), args: customFieldUpdateBody.extend({ id: customFieldIdField }) },
  'delete-custom-field': { route: route('DELETE', 'custom-data/:id'), args: z.object({ id: customFieldIdField }) },
  'set-contact-data': { route: route('PATCH', 'contacts/:id/data'), args: customDataBody.extend({ contact_id: idNumber() }) },
  'set-conversation-data': { route: route('PATCH', 'conversations/:id/data'), args: customDataBody.extend({ conversation_id: idNumber() }) },
} satisfies MutationEntries;
