import type { BulkAction } from '../../protocol/api/conversation-requests';
import type { Conversation } from '../../protocol/documents';
import { documentsIn, isConversationDoc, putting } from './answer-documents';
import { tagSlug } from '../../protocol/tag-slug';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { showNewTag, slugOfTagNamedHere, withAgent, withoutTag, withStatus, withTag } from './conversation-mutations';
import { conversationLane } from './conversation-scope';
import type { MutationDefinitions } from './mutation-definition';
import { sampleConversation } from './sample-documents';
import { requestTo } from './route-request';

/**
 * One action on several conversations (`POST conversations/bulk`): one row, one request, patched
 * on (and rolled back from) each. It waits in the lane of every conversation it lists, so it
 * stays ordered with each one's other rows.
 */
export const bulkMutations = {
  bulk: {
    lanes: (input) => unique(input.conversation_ids).map(conversationLane),
    targets: (input) => unique(input.conversation_ids).map((id) => ({ col: 'conversations', id })),
    touches: ['tags'],
    prepare: async (db, input) => ('add_tag' in input.action ? { ...input, tag_slug: await slugOfTagNamedHere(db, input.action.add_tag) } : input),
    queued: async (db, input) => {
      if ('add_tag' in input.action) await showNewTag(db, input.action.add_tag, input.tag_slug);
      return [];
    },
    patch: { conversations: (doc, input) => (doc === null || !input.conversation_ids.includes(doc.id) ? doc : withBulkAction(doc, input.action, input.tag_slug)) },
    request: (input) => requestTo(MUTATION_ROUTES.bulk, {}, { ids: input.conversation_ids, action: input.action }),
    // `{conversations}`: every listed conversation as changed.
    answer: (body) => putting('conversations', documentsIn(body, 'conversations', isConversationDoc)),
    sample: {
      seed: { conversations: [sampleConversation({ id: 1 }), sampleConversation({ id: 2 })] },
      input: { kind: 'bulk', conversation_ids: [1, 2], action: { status: 'CLOSED' } },
    },
  },
} satisfies MutationDefinitions<'bulk'>;

/** What a bulk action does to one conversation: the same as the single action. */
function withBulkAction(doc: Conversation, action: BulkAction, tagSlugFound: string | undefined): Conversation {
  if ('status' in action) return withStatus(doc, action.status);
  if ('agent_id' in action) return withAgent(doc, action.agent_id);
  if ('add_tag' in action) return withTag(doc, tagSlugFound ?? tagSlug(action.add_tag));
  return withoutTag(doc, action.remove_tag);
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}
