import { z } from 'zod';
import { PERMISSIONS } from '../roles';
import { customInboxesField } from './custom-inboxes';
import { avatarField, emailField, nameField, passwordField, slugField, tokenField } from './fields';
import { idParam } from './id-fields';
import { signUpDomain, signUpEmail, signUpName, signUpOrganizationName, signUpPassword } from './sign-up-fields';
import { multiLineText } from './text-fields';
import { REPLICATION_WINDOW_CHOICES } from './models';

/**
 * Request bodies of the REST API (under /api/). The server validates every request with these;
 * the UI uses the same schemas to check forms before sending.
 */
/** Longest email signature an agent may keep. */
export const MAX_SIGNATURE_LENGTH = 2000;

/** `POST auth/create`: the sign-up form, whose every message is a sentence (sign-up-fields.ts). */
export const createAccountBody = z.object({
  name: signUpName,
  email: signUpEmail,
  password: signUpPassword,
  organization_name: signUpOrganizationName,
  domain: signUpDomain,
});
export type CreateAccountBody = z.infer<typeof createAccountBody>;

export const loginBody = z.object({
  email: emailField,
  password: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(1000),
  domain: slugField.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const clearBody = z.object({ token: z.string().max(200).optional() });

export const lostPasswordBody = z.object({ email: emailField, domain: slugField.optional() });
export type LostPasswordBody = z.infer<typeof lostPasswordBody>;

/** `POST auth/login-link`: the same shape as a lost-password request. */
export const loginLinkBody = lostPasswordBody;
export type LoginLinkBody = LostPasswordBody;

export const changePasswordWithTokenBody = z.object({ password: passwordField });

export const acceptInviteBody = z.object({ name: nameField, password: passwordField });
export type AcceptInviteBody = z.infer<typeof acceptInviteBody>;

const roleList = z.array(z.enum(PERMISSIONS, { error: 'contains an unknown role' })).max(PERMISSIONS.length);

export const inviteBody = z.object({ roles: roleList.default([]) });
export type InviteBody = z.input<typeof inviteBody>;

export const updateAgentBody = z.object({ roles: roleList });
export type UpdateAgentBody = z.infer<typeof updateAgentBody>;

export const updateAccountBody = z
  .object({
    name: nameField.optional(),
    avatar: avatarField.nullable().optional(),
    dark_mode: z.boolean().nullable().optional(),
    password: passwordField.optional(),
    current_password: z.string().max(1000).optional(),
    custom_inboxes: customInboxesField.optional(),
    /** Any of the agent's preferences; the others keep their values. */
    preferences: z
      .object({
        auto_advance: z.boolean().optional(),
        list_density: z.enum(['comfortable', 'compact']).optional(),
        replication_days: z.literal(REPLICATION_WINDOW_CHOICES, { error: `must be one of ${REPLICATION_WINDOW_CHOICES.join(', ')}` }).optional(),
      })
      .strict()
      .optional(),
    /** Added under one's email replies; '' for none. */
    signature: multiLineText().trim().max(MAX_SIGNATURE_LENGTH, { error: `must be at most ${MAX_SIGNATURE_LENGTH} characters` }).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.password !== undefined && !body.current_password) {
      ctx.addIssue({ code: 'custom', path: ['current_password'], message: 'is required' });
    }
  });
export type UpdateAccountBody = z.input<typeof updateAccountBody>;
export type ParsedUpdateAccountBody = z.output<typeof updateAccountBody>;

export const updateOrganizationBody = z.object({ name: nameField }).strict();
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBody>;

export const agentsQuery = z.object({ complete: z.enum(['true', 'false']).optional() });

/** Path parameters: `…/{token}`, `agents/{email}`, `agents/invite/{email}`, `agents/pending/{id}`. */
export const tokenParams = z.object({ token: tokenField });
export const emailParams = z.object({ email: emailField });
export const inviteIdParams = z.object({ id: idParam });

/** A zod failure as the `errors` object of §8: the first message for each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}
