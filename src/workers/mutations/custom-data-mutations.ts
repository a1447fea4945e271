import type { CustomData, CustomField, CustomValue } from '../../protocol/custom-data/custom-fields';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { conversationAnswer, documentIn, putting } from './answer-documents';
import { inConversationLane } from './conversation-scope';
import type { AnswerDocuments, MutationDefinitions, Target } from './mutation-definition';
import { sampleConversation } from './sample-documents';
import { requestTo } from './route-request';

/**
 * Custom data (§2 `custom-data`): field definitions in one lane, `custom-data`, in the order they
 * were made (a field created, then edited); values in their contact's or conversation's lane,
 * merged into the document's `custom_data` at once (null clears one) and replaced by the
 * server's copy, or dropped with the server's field error.
 */
const inFieldLane = { lanes: () => ['custom-data'] } as const;
const fieldTarget = (id: string): Target => ({ col: 'custom_fields', id });
const contactLane = (input: { contact_id: number }) => [`contacts:${input.contact_id}`];

const isFieldDoc = (value: Record<string, unknown>) => typeof value['id'] === 'string' && typeof value['key'] === 'string' && typeof value['version'] === 'number';
const isContactDoc = (value: Record<string, unknown>) => typeof value['id'] === 'number' && typeof value['version'] === 'number' && 'is_trusted' in value;

function fieldAnswer(body: unknown): AnswerDocuments | null {
  const doc = documentIn(body, isFieldDoc);
  return doc ? putting('custom_fields', [doc]) : null;
}

/** The values merged in (sorted by key, as the server stores them); null clears a value. */
export function withValues(data: CustomData | undefined, values: Record<string, CustomValue | null>): CustomData {
  const next: CustomData = { ...data };
  for (const [key, value] of Object.entries(values)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return Object.fromEntries(Object.entries(next).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function sampleField(overrides: Partial<CustomField> = {}): CustomField {
  return { id: 'cf-plan', entity: 'contact', key: 'plan', label: 'Plan', type: 'choice', options: ['free', 'pro'], required: false, min: null, max: null, sort: 0, version: 1, ...overrides };
}

const sampleContact = { id: 1, name: 'Dana', email: 'dana@example.com', avatar: null, is_trusted: false, company: null, version: 1, custom_data: { plan: 'free' } };

export const customDataMutations = {
  'create-custom-field': {
    ...inFieldLane,
    targets: (input) => [fieldTarget(input.id)],
    patch: {
      custom_fields: (doc, input) => ({
        id: input.id,
        entity: input.entity,
        key: input.key,
        label: input.label,
        type: input.type,
        options: input.type === 'choice' ? input.options : [],
        required: input.required,
        min: input.min,
        max: input.max,
        sort: doc?.sort ?? 1000,
        version: doc?.version ?? 0,
      }),
    },
    request: (input) => requestTo(MUTATION_ROUTES['create-custom-field'], {}, input),
    answer: fieldAnswer,
    sample: { seed: {}, input: { kind: 'create-custom-field', id: 'cf-plan', entity: 'contact', key: 'plan', label: 'Plan', type: 'text', options: [], required: false, min: null, max: null } },
  },
  'update-custom-field': {
    ...inFieldLane,
    targets: (input) => [fieldTarget(input.id)],
    patch: {
      custom_fields: (doc, input) =>
        doc && {
          ...doc,
          label: input.label ?? doc.label,
          options: doc.type === 'choice' ? (input.options ?? doc.options) : [],
          required: input.required ?? doc.required,
          min: input.min === undefined ? doc.min : input.min,
          max: input.max === undefined ? doc.max : input.max,
          sort: input.sort ?? doc.sort,
        },
    },
    request: ({ id, kind: _kind, ...body }) => requestTo(MUTATION_ROUTES['update-custom-field'], { id }, body),
    answer: fieldAnswer,
    sample: { seed: { custom_fields: [sampleField()] }, input: { kind: 'update-custom-field', id: 'cf-plan', label: 'Plan name' } },
  },
  'delete-custom-field': {
    ...inFieldLane,
    targets: (input) => [fieldTarget(input.id)],
    patch: { custom_fields: () => null },
    request: (input) => requestTo(MUTATION_ROUTES['delete-custom-field'], { id: input.id }),
    answer: (_body, input) => ({ put: [], remove: [fieldTarget(input.id)] }),
    sample: { seed: { custom_fields: [sampleField()] }, input: { kind: 'delete-custom-field', id: 'cf-plan' } },
  },
  'set-contact-data': {
    lanes: contactLane,
    targets: (input) => [{ col: 'contacts', id: input.contact_id }],
    patch: { contacts: (doc, input) => doc && { ...doc, custom_data: withValues(doc.custom_data, input.values) } },
    request: (input) => requestTo(MUTATION_ROUTES['set-contact-data'], { id: input.contact_id }, { values: input.values }),
    answer: (body) => {
      const doc = documentIn(body, isContactDoc);
      return doc ? putting('contacts', [doc]) : null;
    },
    sample: { seed: { contacts: [sampleContact] }, input: { kind: 'set-contact-data', contact_id: 1, values: { plan: 'pro' } } },
  },
  'set-conversation-data': {
    ...inConversationLane,
    targets: (input) => [{ col: 'conversations', id: input.conversation_id }],
    patch: { conversations: (doc, input) => doc && { ...doc, custom_data: withValues(doc.custom_data, input.values) } },
    request: (input) => requestTo(MUTATION_ROUTES['set-conversation-data'], { id: input.conversation_id }, { values: input.values }),
    answer: conversationAnswer,
    sample: { seed: { conversations: [sampleConversation()] }, input: { kind: 'set-conversation-data', conversation_id: 1, values: { order_value: 12.5 } } },
  },
} satisfies MutationDefinitions<'create-custom-field' | 'update-custom-field' | 'delete-custom-field' | 'set-contact-data' | 'set-conversation-data'>;
