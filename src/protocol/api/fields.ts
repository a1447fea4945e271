import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { slugProblem } from '../slug';
import { singleLineText } from './text-fields';

/** Field schemas shared by every request that carries them, with the messages users see. */
export const emailField = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'is too long' })
  .pipe(z.email({ error: 'is not a valid email address' }));

export const passwordField = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const nameField = singleLineText()
  .trim()
  .min(1, { error: 'is required' })
  .max(100, { error: 'must be at most 100 characters' });

export const slugField = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const tokenField = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9_-]{22,200}$/, { error: 'is not a valid token' });

/** An avatar is an https URL or a small image data URL. */
export const avatarField = singleLineText()
  .max(200_000, { error: 'is too large' })
  .refine((v) => v === '' || /^https:\/\//.test(v) || /^data:image\/(png|jpeg|webp|gif);base64,/.test(v), {
    error: 'must be an https URL or an image',
  });
