import { z } from 'zod';
import { singleLineText } from './text-fields';

/** A tag's colour: `#rrggbb`. */
export const tagColorField = z
  .string({ error: 'must be a colour like #0f766e' })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour like #0f766e' })
  .transform((value) => value.toLowerCase());

const tagName = singleLineText().trim().min(1, { error: 'is required' }).max(50, { error: 'is too long' });

/** `POST tags/` (201 the tag): a new tag; its name is unique case-insensitively (§5). */
export const tagCreateBody = z.object({ name: tagName, color: tagColorField.nullable().optional() }).strict();

/** `PATCH tags/{slug}` (200 the tag): a new name (every conversation follows: they name the slug) or colour (null: the default). */
export const tagUpdateBody = z.object({ name: tagName.optional(), color: tagColorField.nullable().optional() }).strict();
