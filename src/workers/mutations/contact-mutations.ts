import { apiPaths } from '../../protocol/api/routes';
import { documentIn, putting } from './answer-documents';
import type { MutationDefinitions } from './mutation-definition';

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
    request: ({ contact_id, kind: _kind, ...body }) => ({ method: 'PATCH', path: apiPaths.contact(contact_id), body }),
    answer: (body) => {
      const doc = documentIn(body, isContactDoc);
      return doc ? putting('contacts', [doc]) : null;
    },
    sample: {
      seed: { contacts: [{ id: 1, name: 'Dana', email: 'dana@example.com', avatar: null, is_trusted: false, company: null, version: 1 }] },
      input: { kind: 'update-contact', contact_id: 1, name: 'Dana Scully', company: 'FBI', is_trusted: true },
    },
  },
} satisfies MutationDefinitions<'update-contact'>;
