import { z } from 'zod';
import type { Draft } from '../documents';
import { DRAFT_MAX_LENGTH, DRAFT_TYPES } from '../drafts';
import { copyList } from './conversation-requests';
import { draftIdField, idNumber } from './id-fields';
import { multiLineText } from './text-fields';

// Request shapes of the draft calls (§7).

/**
 * `PATCH conversations/{id}/drafts/`: saves the caller's draft whole (created when new). A
 * message that is empty or only white space deletes the draft. `type` defaults to the draft's
 * current type, or REPLY for a new draft. `cc` and `bcc` are the reply's own copies, kept with
 * its draft (left as they are when not given; an empty list clears them).
 */
export const draftPatchBody = z.object({
  draft_id: draftIdField,
  attributes: z.object(
    {
      message: multiLineText().max(DRAFT_MAX_LENGTH, { error: 'is too long' }),
      type: z.enum(DRAFT_TYPES, { error: 'must be REPLY or NOTE' }).optional(),
      cc: copyList.optional(),
      bcc: copyList.optional(),
    },
    { error: 'is required' },
  ),
});
export type DraftPatchBody = z.infer<typeof draftPatchBody>;

/** `POST conversations/{id}/drafts/share`: shows the caller's draft to a teammate (`target_id`). */
export const draftShareBody = z.object({
  draft_id: draftIdField,
  target_id: idNumber('must be an agent id'),
});
export type DraftShareBody = z.infer<typeof draftShareBody>;

/** What both calls answer (200): the draft as saved, or null once it is deleted. */
export type DraftResponse = { draft: Draft | null };
