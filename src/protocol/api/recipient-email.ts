import { z } from 'zod';

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
