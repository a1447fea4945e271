import { z } from 'zod';
import { recipientEmailField } from './recipient-email';
import type { Contact, Conversation, Message } from '../documents';
import { isCanonicalId } from '../canonical-id';
import { parseMessageWireId } from '../documents';
import { conversationParams } from './conversation-requests';
import { idNumber, idParam } from './id-fields';
import { singleLineText } from './text-fields';

/**
 * Request shapes of the conversation actions of §7: recipients, split, spam, and of tag
 * management (`DELETE tags/{slug}`) and the blocked list.
 */

export { MAX_RECIPIENTS, RECIPIENT_EMAIL_PATTERN, recipientEmailField, recipientEmailProblem } from './recipient-email';

/** `POST conversations/{id}/recipients`. */
export const recipientBody = z.object({ email: recipientEmailField });
export type RecipientBody = z.input<typeof recipientBody>;

/** `DELETE conversations/{id}/recipients/{email}`. */
export const recipientParams = conversationParams.extend({ email: recipientEmailField });

/**
 * §5 "Message ids starting m- are stripped when splitting": the row id of `m-123`, `123` or
 * 123; 'note' for a note's id (`n-123`), which cannot start a conversation; null for anything else.
 */
export function splitMessageRowId(value: string | number): number | 'note' | null {
  if (typeof value === 'number') return isCanonicalId(value) ? value : null;
  const parsed = parseMessageWireId(/^[0-9]/.test(value) ? `m-${value}` : value);
  if (parsed === null) return null;
  return parsed.type === 'NOTE' ? 'note' : parsed.rowId;
}

/** `POST conversations/{id}/split`: `message_id` is `m-123`, `123` or 123. */
export const splitBody = z.object({
  message_id: z.union([z.string().max(40, { error: 'is not a message id' }), z.number()], { error: 'is required' }),
});
export type SplitBody = z.input<typeof splitBody>;

/** What a split answers (200): the new conversation, the one it came from, and the messages moved. */
export type SplitResponse = { conversation: Conversation; source: Conversation; messages: Message[] };

/** `POST conversations/{id}/merge`: this conversation goes into `into` (another of the same contact). */
export const mergeBody = z.object({ into: idNumber('must be a conversation id') });
export type MergeBody = z.input<typeof mergeBody>;
/** The conversation merged into (`conversation`), the one merged away (`merged`, its id) and the messages it brought. */
export type MergeResponse = { conversation: Conversation; merged: number; messages: Message[] };

/** `POST conversations/{id}/spam`: with `block`, the contact joins the blocked list too. */
export const spamBody = z.object({ block: z.boolean({ error: 'must be true or false' }).default(false) });
export type SpamBody = z.input<typeof spamBody>;

/** The system tag a conversation marked as spam carries. */
export const SPAM_TAG = { slug: 'spam', name: 'Spam' } as const;

/** `DELETE tags/{slug}?force=true`. */
export const tagParams = z.object({ slug: singleLineText().min(1).max(100) });
export const tagDeleteQuery = z.object({
  force: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** `DELETE tags/{slug}` (200): how many conversations the tag was removed from. */
export type TagDeleteResponse = { slug: string; conversations: number };

/** The 409 of `DELETE tags/{slug}` without `force` for a tag in use. */
export type TagInUseResponse = { error: string; conversations: number };

/** `GET blocked/`: the organization's blocked contacts, newest first. */
export type BlockedContact = {
  contact_id: number;
  name: string;
  email: string | null;
  blocked_at: number;
  blocked_by: number | null;
};

/** `DELETE blocked/{contact_id}` (200): the contact, no longer blocked. */
export type UnblockResponse = Contact;
export const blockedParams = z.object({ contact_id: idParam });
