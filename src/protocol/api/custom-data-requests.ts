import { z } from 'zod';
import { CUSTOM_FIELD_ENTITIES, CUSTOM_FIELD_TYPES, CUSTOM_KEY_PATTERN, MAX_CUSTOM_TEXT } from '../custom-data/custom-fields';
import { singleLineText } from './text-fields';

export const customFieldIdField = singleLineText()
  .trim()
  .regex(/^cf-[A-Za-z0-9_-]{1,60}$/, { error: 'must be a custom field id (cf-…)' });

const label = singleLineText().trim().min(1, { error: 'is required' }).max(80, { error: 'is too long' });
const options = z
  .array(singleLineText().trim().min(1, { error: 'must not be empty' }).max(80, { error: 'is too long' }), { error: 'must be a list of choices' })
  .max(50, { error: 'has too many choices' });
const bound = z.number({ error: 'must be a number' }).finite().nullable();

/** `POST custom-data/`: a field (its id chosen by the client, so it can be edited offline). */
export const customFieldCreateBody = z.object({
  id: customFieldIdField,
  entity: z.enum(CUSTOM_FIELD_ENTITIES, { error: 'must be contact or conversation' }),
  key: z.string({ error: 'is required' }).regex(CUSTOM_KEY_PATTERN, { error: 'must be lowercase letters, digits or _, starting with a letter' }),
  label,
  type: z.enum(CUSTOM_FIELD_TYPES, { error: `must be one of ${CUSTOM_FIELD_TYPES.join(', ')}` }),
  options: options.optional().default([]),
  required: z.boolean().optional().default(false),
  min: bound.optional().default(null),
  max: bound.optional().default(null),
});

/** `PATCH custom-data/{id}`: what changes (the key, kind and type stay). */
export const customFieldUpdateBody = z.object({
  label: label.optional(),
  options: options.optional(),
  required: z.boolean().optional(),
  min: bound.optional(),
  max: bound.optional(),
  sort: z.number().int().min(0).max(1000).optional(),
});

export const customFieldParams = z.object({ id: customFieldIdField });

const value = z.union([z.string().max(MAX_CUSTOM_TEXT, { error: 'is too long' }), z.number().finite(), z.boolean(), z.null()], { error: 'must be text, a number, yes/no or null' });

/** `PATCH contacts/{id}/data`, `PATCH conversations/{id}/data`: values by field key; null clears one. */
export const customDataBody = z.object({
  values: z.record(z.string().regex(CUSTOM_KEY_PATTERN, { error: 'is not a field key' }), value, { error: 'must be an object of values by field key' }),
});
