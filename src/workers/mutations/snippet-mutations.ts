import type { InboxDatabase } from '../../client-db/inbox-database';
import type { Snippet, SnippetCategory } from '../../protocol/documents';
import type { MutationOf } from '../../protocol/mutations/mutation-input';
import { childrenOf } from '../../protocol/snippets/category-tree';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { documentIn, documentsIn, putting } from './answer-documents';
import type { AnswerDocuments, MutationDefinitions, Target } from './mutation-definition';
import { requestTo } from './route-request';

/**
 * The snippet library (§7 `snippets/…`). Every row waits in one lane, `snippets`, so edits of the
 * library reach the server in the order they were made (a category created, then moved into).
 */
const inSnippetLane = { lanes: () => ['snippets'] } as const;

/** A created category shows at the end of its parent's children until the server numbers it. */
const END_SORT = 1_000_000;

const snippetTarget = (id: string): Target => ({ col: 'snippets', id });
const categoryTarget = (id: string): Target => ({ col: 'snippet_categories', id });

const isSnippetDoc = (value: Record<string, unknown>) =>
  typeof value['id'] === 'string' && typeof value['body'] === 'string' && typeof value['version'] === 'number';
const isCategoryDoc = (value: Record<string, unknown>) =>
  typeof value['id'] === 'string' && typeof value['sort'] === 'number' && typeof value['version'] === 'number';

function snippetAnswer(body: unknown): AnswerDocuments | null {
  const doc = documentIn(body, isSnippetDoc);
  return doc ? putting('snippets', [doc]) : null;
}

function categoryAnswer(body: unknown): AnswerDocuments | null {
  const doc = documentIn(body, isCategoryDoc);
  return doc ? putting('snippet_categories', [doc]) : null;
}

function sampleSnippet(overrides: Partial<Snippet> = {}): Snippet {
  return { id: 'sn-1', name: 'Thanks', shortcut: 'thanks', body: 'Thanks {{contact.first_name | there}}!', categories: [], use_count: 0, last_used_at: null, updated_at: 1, version: 1, ...overrides };
}

function sampleCategory(overrides: Partial<SnippetCategory> = {}): SnippetCategory {
  return { id: 'sc-1', name: 'Billing', parent_id: null, sort: 0, version: 1, ...overrides };
}

/** A sort between the new neighbours of a moved category, from what the device holds. */
async function moveSortHint(db: InboxDatabase, input: MutationOf<'move-snippet-category'>): Promise<number> {
  const siblings = childrenOf(await db.snippet_categories.toArray(), input.parent_id).filter((category) => category.id !== input.id);
  const before = siblings[input.position - 1];
  const after = siblings[input.position];
  if (before && after) return (before.sort + after.sort) / 2;
  if (after) return after.sort - 1;
  return before ? before.sort + 1 : 0;
}

async function prepareDelete(db: InboxDatabase, input: MutationOf<'delete-snippet-category'>): Promise<MutationOf<'delete-snippet-category'>> {
  const category = await db.snippet_categories.get(input.id);
  const children = await db.snippet_categories.where('parent_id').equals(input.id).primaryKeys();
  const snippets = (await db.snippets.toArray()).filter((snippet) => snippet.categories.includes(input.id)).map((snippet) => snippet.id);
  return { ...input, parent_id: category?.parent_id ?? null, children: children.map(String), snippets };
}

export const snippetMutations = {
  'create-snippet': {
    ...inSnippetLane,
    targets: (input) => [snippetTarget(input.id)],
    patch: {
      snippets: (doc, input, { createdAt }) => ({
        id: input.id,
        name: input.name,
        shortcut: input.shortcut,
        body: input.body,
        categories: input.categories,
        use_count: doc?.use_count ?? 0,
        last_used_at: doc?.last_used_at ?? null,
        updated_at: createdAt,
        version: doc?.version ?? 0,
      }),
    },
    request: (input) =>
      requestTo(MUTATION_ROUTES['create-snippet'], {}, { id: input.id, name: input.name, shortcut: input.shortcut, body: input.body, categories: input.categories }),
    answer: snippetAnswer,
    sample: { seed: {}, input: { kind: 'create-snippet', id: 'sn-2', name: 'Hello', shortcut: null, body: 'Hello', categories: [] } },
  },
  'update-snippet': {
    ...inSnippetLane,
    targets: (input) => [snippetTarget(input.id)],
    patch: {
      snippets: (doc, input, { createdAt }) =>
        doc && {
          ...doc,
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.shortcut !== undefined ? { shortcut: input.shortcut } : {}),
          ...(input.body !== undefined ? { body: input.body } : {}),
          updated_at: createdAt,
        },
    },
    request: (input) =>
      requestTo(MUTATION_ROUTES['update-snippet'], { id: input.id }, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.shortcut !== undefined ? { shortcut: input.shortcut } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
      }),
    answer: snippetAnswer,
    sample: { seed: { snippets: [sampleSnippet()] }, input: { kind: 'update-snippet', id: 'sn-1', name: 'Thank you' } },
  },
  'delete-snippet': {
    ...inSnippetLane,
    targets: (input) => [snippetTarget(input.id)],
    patch: { snippets: () => null },
    request: (input) => requestTo(MUTATION_ROUTES['delete-snippet'], { id: input.id }),
    answer: (_body, input) => ({ put: [], remove: [snippetTarget(input.id)] }),
    sample: { seed: { snippets: [sampleSnippet()] }, input: { kind: 'delete-snippet', id: 'sn-1' } },
  },
  'categorize-snippet': {
    ...inSnippetLane,
    targets: (input) => [snippetTarget(input.id)],
    patch: { snippets: (doc, input) => doc && { ...doc, categories: input.categories } },
    request: (input) => requestTo(MUTATION_ROUTES['categorize-snippet'], { id: input.id }, { categories: input.categories }),
    answer: snippetAnswer,
    sample: { seed: { snippets: [sampleSnippet()], snippet_categories: [sampleCategory()] }, input: { kind: 'categorize-snippet', id: 'sn-1', categories: ['sc-1'] } },
  },
  'use-snippet': {
    ...inSnippetLane,
    targets: (input) => [snippetTarget(input.id)],
    patch: { snippets: (doc, _input, { createdAt }) => doc && { ...doc, use_count: doc.use_count + 1, last_used_at: createdAt } },
    request: (input) => requestTo(MUTATION_ROUTES['use-snippet'], { id: input.id }),
    answer: snippetAnswer,
    sample: { seed: { snippets: [sampleSnippet()] }, input: { kind: 'use-snippet', id: 'sn-1' } },
  },
  'create-snippet-category': {
    ...inSnippetLane,
    targets: (input) => [categoryTarget(input.id)],
    patch: {
      snippet_categories: (doc, input) => ({ id: input.id, name: input.name, parent_id: input.parent_id, sort: doc?.sort ?? END_SORT, version: doc?.version ?? 0 }),
    },
    request: (input) => requestTo(MUTATION_ROUTES['create-snippet-category'], {}, { id: input.id, name: input.name, parent_id: input.parent_id }),
    answer: categoryAnswer,
    sample: { seed: {}, input: { kind: 'create-snippet-category', id: 'sc-2', name: 'Shipping', parent_id: null } },
  },
  'rename-snippet-category': {
    ...inSnippetLane,
    targets: (input) => [categoryTarget(input.id)],
    patch: { snippet_categories: (doc, input) => doc && { ...doc, name: input.name } },
    request: (input) => requestTo(MUTATION_ROUTES['rename-snippet-category'], { id: input.id }, { name: input.name }),
    answer: categoryAnswer,
    sample: { seed: { snippet_categories: [sampleCategory()] }, input: { kind: 'rename-snippet-category', id: 'sc-1', name: 'Payments' } },
  },
  'move-snippet-category': {
    ...inSnippetLane,
    targets: (input) => [categoryTarget(input.id)],
    prepare: async (db, input) => ({ ...input, sort_hint: await moveSortHint(db, input) }),
    patch: { snippet_categories: (doc, input) => doc && { ...doc, parent_id: input.parent_id, sort: input.sort_hint ?? input.position } },
    request: (input) => requestTo(MUTATION_ROUTES['move-snippet-category'], { id: input.id }, { id: input.id, position: input.position, parent_id: input.parent_id }),
    // Every category whose place changed: the moved one and its renumbered siblings.
    answer: (body) => putting('snippet_categories', documentsIn(body, 'categories', isCategoryDoc)),
    sample: {
      seed: { snippet_categories: [sampleCategory(), sampleCategory({ id: 'sc-2', name: 'Shipping', sort: 1 })] },
      input: { kind: 'move-snippet-category', id: 'sc-2', position: 0, parent_id: 'sc-1' },
    },
  },
  'delete-snippet-category': {
    ...inSnippetLane,
    targets: (input) => [categoryTarget(input.id), ...(input.children ?? []).map(categoryTarget), ...(input.snippets ?? []).map(snippetTarget)],
    prepare: prepareDelete,
    patch: {
      snippet_categories: (doc, input) => (doc === null || doc.id === input.id ? null : { ...doc, parent_id: input.parent_id ?? null, sort: doc.sort + END_SORT }),
      snippets: (doc, input) =>
        doc && {
          ...doc,
          categories: [...new Set(doc.categories.flatMap((id) => (id === input.id ? (input.move_to === null ? [] : [input.move_to]) : [id])))],
        },
    },
    request: (input) =>
      requestTo(MUTATION_ROUTES['delete-snippet-category'], { id: input.id }, undefined, input.move_to === null ? '' : `?move_to=${encodeURIComponent(input.move_to)}`),
    answer: (_body, input) => ({ put: [], remove: [categoryTarget(input.id)] }),
    sample: {
      seed: {
        snippet_categories: [sampleCategory(), sampleCategory({ id: 'sc-2', name: 'Refunds', parent_id: 'sc-1' }), sampleCategory({ id: 'sc-3', name: 'Other', sort: 1 })],
        snippets: [sampleSnippet({ categories: ['sc-1'] })],
      },
      input: { kind: 'delete-snippet-category', id: 'sc-1', move_to: 'sc-3' },
    },
  },
} satisfies MutationDefinitions<
  | 'create-snippet'
  | 'update-snippet'
  | 'delete-snippet'
  | 'categorize-snippet'
  | 'use-snippet'
  | 'create-snippet-category'
  | 'rename-snippet-category'
  | 'move-snippet-category'
  | 'delete-snippet-category'
>;
