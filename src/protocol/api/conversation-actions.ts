import { z } from 'zod';
import type { Contact, Conversation, Message } from '../documents';
import { conversationParams } from './conversation-requests';

/**
 * Request shapes of the conversation actions of §7: recipients, split, spam, and of tag
 * management (`DELETE tags/{slug}`) and the blocked list.
 */

/** Most CC recipients one conversation may carry. */
export const MAX_RECIPIENTS = 50;

/**
 * One plain address (RFC 5322 dot-atom local part, a dotted domain with a letter TLD). Nothing
 * here can end a mail header or name a second address: no whitespace, commas, semicolons,
 * quotes, angle brackets or colons.
 */
export const RECIPIENT_EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Why an address is refused as a recipient, or null when it is one plain address. */
export function recipientEmailProblem(value: string): string | null {
  // Control characters first: a CR or LF would start a new mail header.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(value)) return 'must be one address on one line';
  const email = value.trim();
  if (email === '') return 'is required';
  if (email.length > 254) return 'is too long';
  if (/[,;]/.test(email)) return 'must be a single address';
  if (/[<>"()]/.test(email)) return 'must be a plain address, without a name';
  if (!RECIPIENT_EMAIL_PATTERN.test(email)) return 'is not a valid email address';
  return null;
}

/** A recipient's address: validated strictly, then trimmed and lowercased. */
export const recipientEmailField = z
  .string({ error: 'is required' })
  .max(1000, { error: 'is too long' })
  .superRefine((value, ctx) => {
    const problem = recipientEmailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.trim().toLowerCase());

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
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (/^n-[1-9][0-9]{0,14}$/.test(value)) return 'note';
  const match = /^(?:m-)?([1-9][0-9]{0,14})$/.exec(value);
  return match?.[1] ? Number(match[1]) : null;
}

/** `POST conversations/{id}/split`: `message_id` is `m-123`, `123` or 123. */
export const splitBody = z.object({
  message_id: z.union([z.string().max(40, { error: 'is not a message id' }), z.number()], { error: 'is required' }),
});
export type SplitBody = z.input<typeof splitBody>;

/** What a split answers (200): the new conversation, the one it came from, and the messages moved. */
export type SplitResponse = { conversation: Conversation; source: Conversation; messages: Message[] };

/** `POST conversations/{id}/spam`: with `block`, the contact joins the blocked list too. */
export const spamBody = z.object({ block: z.boolean({ error: 'must be true or false' }).default(false) });
export type SpamBody = z.input<typeof spamBody>;

/** The system tag a conversation marked as spam carries. */
export const SPAM_TAG = { slug: 'spam', name: 'Spam' } as const;

/** `DELETE tags/{slug}?force=true`. */
export const tagParams = z.object({ slug: z.string().min(1).max(100) });
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
export const blockedParams = z.object({ contact_id: z.coerce.number({ error: 'is not a valid id' }).int().positive().max(Number.MAX_SAFE_INTEGER) });
