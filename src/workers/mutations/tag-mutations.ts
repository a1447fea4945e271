import { documentIn, isRecord, putting } from './answer-documents';
import { tagSlug } from '../../protocol/tag-slug';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import type { Lane, MutationDefinitions } from './mutation-definition';
import { requestTo } from './route-request';

/** Tag management waits in one lane: a rename right after a creation goes after it. */
const TAGS_LANE: Lane = 'tags';

const isTagDoc = (value: Record<string, unknown>) => typeof value['slug'] === 'string' && typeof value['name'] === 'string';
const tagAnswer = (body: unknown) => {
  const doc = isRecord(body) ? documentIn(body, isTagDoc) : null;
  return doc ? putting('tags', [doc]) : null;
};

/** Creating, renaming and recolouring tags (the Tags page). */
export const tagMutations = {
  'create-tag': {
    lanes: () => [TAGS_LANE],
    targets: (input) => [{ col: 'tags', id: tagSlug(input.name) }],
    patch: { tags: (doc, input) => doc ?? { slug: tagSlug(input.name), name: input.name.trim(), is_system: false, color: input.color ?? null, version: 0 } },
    request: (input) => requestTo(MUTATION_ROUTES['create-tag'], {}, { name: input.name, ...(input.color === undefined ? {} : { color: input.color }) }),
    answer: tagAnswer,
    sample: { seed: {}, input: { kind: 'create-tag', name: 'Refunds', color: '#0f766e' } },
  },
  'update-tag': {
    lanes: () => [TAGS_LANE],
    targets: (input) => [{ col: 'tags', id: input.slug }],
    patch: {
      tags: (doc, input) =>
        doc && { ...doc, ...(input.name === undefined ? {} : { name: input.name.trim() }), ...(input.color === undefined ? {} : { color: input.color }) },
    },
    request: (input) =>
      requestTo(MUTATION_ROUTES['update-tag'], { slug: input.slug }, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.color === undefined ? {} : { color: input.color }),
      }),
    answer: tagAnswer,
    sample: {
      seed: { tags: [{ slug: 'billing', name: 'Billing', is_system: false, color: null, version: 1 }] },
      input: { kind: 'update-tag', slug: 'billing', name: 'Invoices', color: '#b45309' },
    },
  },
} satisfies MutationDefinitions<'create-tag' | 'update-tag'>;
