import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { slugProblem } from '../slug';
import { singleLineText } from './text-fields';

/**
 * The sign-up form's messages: each a whole sentence that names its field and says what to do,
 * shown under the field as they are (the server's `errors` object carries the same texts).
 */
export const SIGN_UP_TEXTS = {
  nameMissing: 'Enter your name.',
  nameTooLong: 'Your name can be at most 100 characters.',
  emailMissing: 'Enter an email address.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  emailTooLong: 'An email address can be at most 254 characters.',
  passwordTooShort: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `A password can be at most ${PASSWORD_MAX_LENGTH} characters.`,
  organizationMissing: 'Enter the name of your organization.',
  organizationTooLong: 'An organization name can be at most 100 characters.',
  domainMissing: 'Choose a domain for your team’s address.',
  domainTaken: 'This domain is already taken: choose another.',
} as const;

/** The sentence for a domain the slug rules refuse ("The domain is reserved."), or null. */
export function domainProblemText(domain: string): string | null {
  if (domain === '') return SIGN_UP_TEXTS.domainMissing;
  const problem = slugProblem(domain);
  return problem === null ? null : `The domain ${problem}.`;
}

export const signUpName = singleLineText(SIGN_UP_TEXTS.nameMissing)
  .trim()
  .min(1, { error: SIGN_UP_TEXTS.nameMissing })
  .max(100, { error: SIGN_UP_TEXTS.nameTooLong });

export const signUpOrganizationName = singleLineText(SIGN_UP_TEXTS.organizationMissing)
  .trim()
  .min(1, { error: SIGN_UP_TEXTS.organizationMissing })
  .max(100, { error: SIGN_UP_TEXTS.organizationTooLong });

export const signUpEmail = z
  .string({ error: SIGN_UP_TEXTS.emailMissing })
  .trim()
  .toLowerCase()
  .min(1, { error: SIGN_UP_TEXTS.emailMissing })
  .max(254, { error: SIGN_UP_TEXTS.emailTooLong })
  .pipe(z.email({ error: SIGN_UP_TEXTS.emailInvalid }));

export const signUpPassword = z
  .string({ error: SIGN_UP_TEXTS.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: SIGN_UP_TEXTS.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: SIGN_UP_TEXTS.passwordTooLong });

export const signUpDomain = z
  .string({ error: SIGN_UP_TEXTS.domainMissing })
  .trim()
  .toLowerCase()
  .superRefine((domain, ctx) => {
    const problem = domainProblemText(domain);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
