import { isBlankDraft } from '../../protocol/drafts';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { answeredDraft, putting } from './answer-documents';
import { inConversationLane } from './conversation-scope';
import type { MutationDefinitions, Target } from './mutation-definition';
import { sampleConversation, sampleDraft } from './sample-documents';
import { requestTo } from './route-request';

/** The agent's drafts (§7 `…/drafts/`): saved whole as the agent types, and shared with a teammate. */
export const draftMutations = {
  /**
   * The row's text and type become the draft's (a blank text deletes it), keeping who it is
   * shared with; its copies (CC, BCC) when the row names them, else the draft's. Typing never floods the outbox: a save takes over the draft's queued save.
   */
  draft: {
    ...inConversationLane,
    targets: (input) => [draftTarget(input.draft_id)],
    coalesces: true,
    patch: {
      drafts: (doc, input, { createdAt }) =>
        isBlankDraft(input.message)
          ? null
          : {
              id: input.draft_id,
              conversation_id: input.conversation_id,
              agent_id: doc?.agent_id ?? input.agent_id,
              type: input.type,
              message: input.message,
              shared_with: doc?.shared_with ?? [],
              updated_at: createdAt,
              ...copiesOf(input.cc ?? doc?.cc ?? [], input.bcc ?? doc?.bcc ?? []),
              version: doc?.version ?? 0,
            },
    },
    request: (input) =>
      requestTo(MUTATION_ROUTES.draft, { id: input.conversation_id }, {
        draft_id: input.draft_id,
        attributes: { message: input.message, type: input.type, ...(input.cc !== undefined ? { cc: input.cc } : {}), ...(input.bcc !== undefined ? { bcc: input.bcc } : {}) },
      }),
    // `{draft}`, or `{draft: null}` once the draft is deleted.
    answer: (body, input) => {
      const draft = answeredDraft(body);
      return draft ? putting('drafts', [draft]) : { put: [], remove: [draftTarget(input.draft_id)] };
    },
    sample: {
      seed: { conversations: [sampleConversation()] },
      input: { kind: 'draft', conversation_id: 1, draft_id: 'd-1-1-reply', agent_id: 1, type: 'REPLY', message: 'Typing', cc: ['boss@example.com'] },
    },
  },
  /** Sharing adds the teammate once. */
  'share-draft': {
    ...inConversationLane,
    targets: (input) => [draftTarget(input.draft_id)],
    patch: { drafts: (doc, input) => (doc === null || doc.shared_with.includes(input.target_id) ? doc : { ...doc, shared_with: [...doc.shared_with, input.target_id] }) },
    request: (input) => requestTo(MUTATION_ROUTES['share-draft'], { id: input.conversation_id }, { draft_id: input.draft_id, target_id: input.target_id }),
    answer: (body) => {
      const draft = answeredDraft(body);
      return draft ? putting('drafts', [draft]) : null;
    },
    sample: { seed: { drafts: [sampleDraft()] }, input: { kind: 'share-draft', conversation_id: 1, draft_id: 'd-1-1-reply', target_id: 2 } },
  },
} satisfies MutationDefinitions<'draft' | 'share-draft'>;

/** A draft's copies as its document holds them: each list only when it has an address. */
function copiesOf(cc: readonly string[], bcc: readonly string[]): { cc?: string[]; bcc?: string[] } {
  return { ...(cc.length > 0 ? { cc: [...cc] } : {}), ...(bcc.length > 0 ? { bcc: [...bcc] } : {}) };
}

function draftTarget(draftId: string): Target {
  return { col: 'drafts', id: draftId };
}
