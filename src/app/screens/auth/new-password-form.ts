import { z } from 'zod';
import { passwordField } from '../../../protocol/api/fields';

/** A new password typed twice; the second must match the first. */
export const newPasswordForm = z
  .object({ password: passwordField, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    error: 'does not match the new password',
  });
