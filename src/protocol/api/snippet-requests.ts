import { z } from 'zod';
import { unknownVariableError } from '../snippets/snippet-template';
import { multiLineText, singleLineText } from './text-fields';

/**
 * The snippet calls (§7 `snippets/…`; the create, update and delete of a snippet are ours, in the
 * same style). Ids are chosen by the client, like a draft's, so a snippet or a category can be
 * created, edited and moved offline before the server has seen it.
 */
export const SNIPPET_LIMITS = { name: 120, shortcut: 32, body: 20_000, categories: 50 } as const;

export const snippetIdField = z
  .string({ error: 'is not a valid id' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'is not a valid id' });

export const snippetIdParams = z.object({ id: snippetIdField });

const nameField = singleLineText().trim().min(1, { error: 'cannot be empty' }).max(SNIPPET_LIMITS.name);

/** A shortcut is a word typed after `#` in the composer: lowercase letters, digits, `-` and `_`. */
export const shortcutField = singleLineText()
  .trim()
  .toLowerCase()
  .max(SNIPPET_LIMITS.shortcut)
  .regex(/^[a-z0-9_-]*$/, { error: 'may hold only letters, digits, - and _' })
  .transform((value) => (value === '' ? null : value));

export const snippetBodyField = multiLineText()
  .max(SNIPPET_LIMITS.body)
  .refine((body) => body.trim() !== '', { error: 'cannot be empty' })
  .superRefine((body, ctx) => {
    const error = unknownVariableError(body);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });

export const snippetCategoriesField = z.array(snippetIdField).max(SNIPPET_LIMITS.categories);

/** `POST snippets/` */
export const snippetCreateBody = z.object({
  id: snippetIdField,
  name: nameField,
  shortcut: shortcutField.nullable().default(null),
  body: snippetBodyField,
  categories: snippetCategoriesField.default([]),
});

/** `PATCH snippets/{id}`: the fields given change. */
export const snippetUpdateBody = z.object({
  name: nameField.optional(),
  shortcut: shortcutField.nullable().optional(),
  body: snippetBodyField.optional(),
});

/** `POST snippets/{id}/categories` (§7): the snippet's categories, whole. */
export const snippetCategoriesBody = z.object({ categories: snippetCategoriesField });

/** `POST snippets/categories/` (§7): a new category at the end of its parent's children. */
export const categoryCreateBody = z.object({ id: snippetIdField, name: nameField, parent_id: snippetIdField.nullable().default(null) });

/** `PATCH snippets/categories/{id}`: a rename. */
export const categoryRenameBody = z.object({ name: nameField });

/** `PATCH snippets/categories/{id}/position` (§7): `position` among the children of `parent_id`. */
export const categoryPositionBody = z.object({
  id: snippetIdField,
  position: z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }),
  parent_id: snippetIdField.nullable(),
});

/**
 * `DELETE snippets/categories/{id}?move_to=`: its snippets go to `move_to` (another category) or,
 * without it, simply leave this one; its subcategories move up to its parent.
 */
export const categoryDeleteQuery = z.object({ move_to: snippetIdField.optional() });
