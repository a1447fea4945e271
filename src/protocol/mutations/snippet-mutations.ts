import { z } from 'zod';
import { route } from '../api/route';
import {
  categoryCreateBody,
  categoryPositionBody,
  categoryRenameBody,
  snippetCategoriesField,
  snippetCreateBody,
  snippetIdField,
  snippetUpdateBody,
} from '../api/snippet-requests';
import type { MutationEntries } from './mutation-entry';

/**
 * The snippet library (§7 `snippets/…`). Ids are the client's, so a new snippet or category can
 * be edited, moved or deleted offline before the server has seen it, and nothing is renamed
 * when it is created. What the worker adds from IndexedDB (`prepare`) is marked so.
 */
export const SNIPPET_MUTATIONS = {
  'create-snippet': { route: route('POST', 'snippets/'), args: snippetCreateBody },
  'update-snippet': { route: route('PATCH', 'snippets/:id'), args: snippetUpdateBody.extend({ id: snippetIdField }) },
  'delete-snippet': { route: route('DELETE', 'snippets/:id'), args: z.object({ id: snippetIdField }) },
  'categorize-snippet': { route: route('POST', 'snippets/:id/categories'), args: z.object({ id: snippetIdField, categories: snippetCategoriesField }) },
  /** An insertion in the composer: counted on the snippet (any agent). */
  'use-snippet': { route: route('POST', 'snippets/:id/uses'), args: z.object({ id: snippetIdField }) },
  'create-snippet-category': { route: route('POST', 'snippets/categories/'), args: categoryCreateBody },
  'rename-snippet-category': { route: route('PATCH', 'snippets/categories/:id'), args: categoryRenameBody.extend({ id: snippetIdField }) },
  /** `sort_hint` (prepared): a sort between its new neighbours, so the tree shows the move at once. */
  'move-snippet-category': { route: route('PATCH', 'snippets/categories/:id/position'), args: categoryPositionBody.extend({ sort_hint: z.number().optional() }) },
  /**
   * `move_to`: where its snippets go (none: they leave it). Prepared: its parent, its
   * subcategories (they move up) and the snippets in it.
   */
  'delete-snippet-category': {
    route: route('DELETE', 'snippets/categories/:id'),
    args: z.object({
      id: snippetIdField,
      move_to: snippetIdField.nullable(),
      parent_id: snippetIdField.nullable().optional(),
      children: z.array(snippetIdField).optional(),
      snippets: z.array(snippetIdField).optional(),
    }),
  },
} satisfies MutationEntries;
