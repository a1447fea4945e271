import { z } from 'zod';
import { customDataBody, customFieldCreateBody, customFieldIdField, customFieldUpdateBody } from '../api/custom-data-requests';
import { idNumber } from '../api/id-fields';

/**
 * Custom data (§2 `custom-data`): field definitions in the `custom-data` lane (ids are the
 * client's, like snippets), and values on a contact (its lane) or a conversation (its lane).
 */
export const CUSTOM_DATA_MUTATIONS = {
  'create-custom-field': customFieldCreateBody,
  'update-custom-field': customFieldUpdateBody.extend({ id: customFieldIdField }),
  'delete-custom-field': z.object({ id: customFieldIdField }),
  'set-contact-data': customDataBody.extend({ contact_id: idNumber() }),
  'set-conversation-data': customDataBody.extend({ conversation_id: idNumber() }),
};
