import { z } from 'zod';
import { tagCreateBody, tagUpdateBody } from '../api/tag-requests';

/** The Tags page (§2 `tags`, §6 `tag.*`): a new tag, and a tag renamed or recoloured. */
export const TAG_MUTATIONS = {
  'create-tag': z.object(tagCreateBody.shape),
  'update-tag': z.object(tagUpdateBody.shape).extend({ slug: z.string().min(1).max(100) }),
};
