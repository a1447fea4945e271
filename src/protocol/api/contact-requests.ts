import { z } from 'zod';
import type { ConversationStatus } from '../documents';
import { emailField } from './fields';
import { idNumber } from './id-fields';
import { singleLineText } from './text-fields';

/**
 * `PATCH contacts/{id}` (§3 Contact): what agents edit of a contact. An empty name or company
 * clears it; the email is the contact's address for new mail and payment suggestions.
 */
export const contactUpdateFields = z.object({
  name: singleLineText().trim().max(100, { error: 'must be at most 100 characters' }).optional(),
  email: emailField.nullable().optional(),
  company: singleLineText().trim().max(100, { error: 'must be at most 100 characters' }).nullable().optional(),
  is_trusted: z.boolean({ error: 'must be true or false' }).optional(),
});
export const contactUpdateBody = contactUpdateFields.strict();

/** A conversation as `GET contacts/{id}` lists it in `last_conversations` (§3), from the server. */
export type ContactConversation = { id: number; subject: string; status: ConversationStatus; last_update_ts: number };

/** How many of a contact's conversations `GET contacts/{id}` lists, latest activity first. */
export const LAST_CONVERSATIONS = 10;

/** `POST contacts/{id}/merge`: the contact is the same person as `into`, which keeps everything of both. */
export const contactMergeBody = z.object({ into: idNumber() });
