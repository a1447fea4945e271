import { z } from 'zod';
import { route } from '../api/route';
import { tagCreateBody, tagUpdateBody } from '../api/tag-requests';
import type { MutationEntries } from './mutation-entry';

/** The Tags page (§2 `tags`, §6 `tag.*`): a new tag, and a tag renamed or recoloured. */
export const TAG_MUTATIONS = {
  'create-tag': { route: route('POST', 'tags/'), args: z.object(tagCreateBody.shape) },
  'update-tag': { route: route('PATCH', 'tags/:slug'), args: z.object(tagUpdateBody.shape).extend({ slug: z.string().min(1).max(100) }) },
} satisfies MutationEntries;
