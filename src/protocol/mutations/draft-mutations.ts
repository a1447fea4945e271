import { z } from 'zod';
import { draftPatchBody, draftShareBody } from '../api/draft-requests';
import { route } from '../api/route';
import { DRAFT_TYPES } from '../drafts';
import { conversationIdField } from './conversation-mutations';
import type { MutationEntries } from './mutation-entry';

/** Drafts (§7 `conversations/{id}/drafts/`, `…/drafts/share`). */
export const DRAFT_MUTATIONS = {
  /**
   * The agent's draft, whole, saved on every change (a blank message deletes it). A change
   * replaces the draft's row while that row still waits to be sent, so typing never floods the
   * outbox. `agent_id` is the writer, for the optimistic copy of a new draft. The app saves it by
   * itself (background), so it is not one of the agent's changes waiting.
   */
  draft: {
    route: route('PATCH', 'conversations/:id/drafts/'),
    background: true,
    args: z.object({
      conversation_id: conversationIdField,
      draft_id: draftPatchBody.shape.draft_id,
      agent_id: z.number().int().positive(),
      type: z.enum(DRAFT_TYPES),
      message: draftPatchBody.shape.attributes.shape.message,
      /** A reply draft's own copies; left as they are when not given. */
      cc: draftPatchBody.shape.attributes.shape.cc,
      bcc: draftPatchBody.shape.attributes.shape.bcc,
    }),
  },
  'share-draft': { route: route('POST', 'conversations/:id/drafts/share'), args: draftShareBody.extend({ conversation_id: conversationIdField }) },
} satisfies MutationEntries;
