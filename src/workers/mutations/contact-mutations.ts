import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { documentIn, documentsIn, isConversationDoc, isRecord, putting } from './answer-documents';
import { sampleConversation } from './sample-documents';
import type { MutationDefinitions } from './mutation-definition';
import { requestTo } from './route-request';

const isContactDoc = (value: Record<string, unknown>) => typeof value['id'] === 'number' && typeof value['version'] === 'number' && 'is_trusted' in value;

/** A contact's profile (§3): name, email, company and trust, shown at once and kept once the server agrees. */
export const contactMutations = {
  'update-contact': {
    lanes: (input) => [`contacts:${input.contact_id}`],
    targets: (input) => [{ col: 'contacts', id: input.contact_id }],
    patch: {
      contacts: (doc, input) =>
        doc && {
          ...doc,
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.company !== undefined ? { company: input.company || null } : {}),
          ...(input.is_trusted !== undefined ? { is_trusted: input.is_trusted } : {}),
        },
    },
    request: ({ contact_id, kind: _kind, ...body }) => requestTo(MUTATION_ROUTES['update-contact'], { id: contact_id }, body),
    answer: (body) => {
      const doc = documentIn(body, isContactDoc);
      return doc ? putting('contacts', [doc]) : null;
    },
    sample: {
      seed: { contacts: [{ id: 1, name: 'Dana', email: 'dana@example.com', avatar: null, is_trusted: false, company: null, version: 1 }] },
      input: { kind: 'update-contact', contact_id: 1, name: 'Dana Scully', company: 'FBI', is_trusted: true },
    },
  },
  'merge-contact': {
    lanes: (input) => [`contacts:${input.contact_id}`, `contacts:${input.into}`],
    targets: (input) => [
      { col: 'contacts', id: input.contact_id },
      { col: 'contacts', id: input.into },
      ...(input.conversation_ids ?? []).map((id) => ({ col: 'conversations' as const, id })),
    ],
    prepare: async (db, input) => ({ ...input, conversation_ids: await db.conversations.where('contact_id').equals(input.contact_id).primaryKeys() }),
    patch: {
      contacts: (doc, input) => (doc && doc.id === input.contact_id ? null : doc),
      conversations: (doc, input) => doc && { ...doc, contact_id: input.into },
    },
    request: (input) => requestTo(MUTATION_ROUTES['merge-contact'], { id: input.contact_id }, { into: input.into }),
    answer: (body, input) => {
      if (!isRecord(body)) return null;
      const contact = documentIn(body['contact'], isContactDoc);
      return {
        put: [
          ...(contact ? [{ col: 'contacts' as const, docs: [contact] }] : []),
          { col: 'conversations' as const, docs: documentsIn(body, 'conversations', isConversationDoc) },
        ],
        remove: [{ col: 'contacts', id: input.contact_id }],
      };
    },
    sample: {
      seed: {
        contacts: [
          { id: 1, name: 'Dana', email: 'dana@example.com', avatar: null, is_trusted: false, company: null, version: 1 },
          { id: 2, name: 'Dana S.', email: 'dana@work.example', avatar: null, is_trusted: false, company: null, version: 1 },
        ],
        conversations: [sampleConversation({ id: 1, contact_id: 1 })],
      },
      input: { kind: 'merge-contact', contact_id: 1, into: 2 },
    },
  },
} satisfies MutationDefinitions<'update-contact' | 'merge-contact'>;
