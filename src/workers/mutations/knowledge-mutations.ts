import type { InboxDatabase } from '../../client-db/inbox-database';
import type { Article, KnowledgeCollection } from '../../protocol/documents';
import type { MutationOf } from '../../protocol/mutations/mutation-input';
import { slugify } from '../../protocol/knowledge/knowledge-slug';
import { childrenOf } from '../../protocol/snippets/category-tree';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { documentIn, documentsIn, putting } from './answer-documents';
import type { AnswerDocuments, MutationDefinitions, Target } from './mutation-definition';
import { requestTo } from './route-request';

/**
 * The knowledge base (§7 `knowledge/…`). Every row waits in one lane, `knowledge`, so edits reach
 * the server in the order they were made (a collection created, then an article put in it).
 */
const inKnowledgeLane = { lanes: () => ['knowledge'] } as const;

/** A created collection or a newly placed article shows at the end until the server numbers it. */
const END_SORT = 1_000_000;

const collectionTarget = (id: string): Target => ({ col: 'collections', id });
const articleTarget = (id: string): Target => ({ col: 'articles', id });

const isCollectionDoc = (value: Record<string, unknown>) =>
  typeof value['id'] === 'string' && typeof value['slug'] === 'string' && typeof value['sort'] === 'number' && typeof value['version'] === 'number';
const isArticleDoc = (value: Record<string, unknown>) =>
  typeof value['id'] === 'string' && typeof value['title'] === 'string' && Array.isArray(value['collections']) && typeof value['version'] === 'number';

function collectionAnswer(body: unknown): AnswerDocuments | null {
  const doc = documentIn(body, isCollectionDoc);
  return doc ? putting('collections', [doc]) : null;
}

function articleAnswer(body: unknown): AnswerDocuments | null {
  const doc = documentIn(body, isArticleDoc);
  return doc ? putting('articles', [doc]) : null;
}

function sampleCollection(overrides: Partial<KnowledgeCollection> = {}): KnowledgeCollection {
  return { id: 'kc-1', name: 'Billing', description: '', parent_id: null, sort: 0, slug: 'billing', icon: null, version: 1, ...overrides };
}

function sampleArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: 'ka-1',
    title: 'Refunds',
    content: '<p>How refunds work.</p>',
    description: '',
    slug: 'refunds',
    published: false,
    published_title: null,
    published_content: null,
    published_at: null,
    url: null,
    collections: [{ collection_id: 'kc-1', sort: 0 }],
    conflict: null,
    updated_by: 1,
    updated_at: 1,
    version: 1,
    ...overrides,
  };
}

/** The input's fields but these (the path's id and the kind): a PATCH body. */
function withoutKeys(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([key]) => !keys.includes(key)));
}

/** A sort between the new neighbours of a moved collection, from what the device holds. */
async function collectionSortHint(db: InboxDatabase, input: MutationOf<'move-kb-collection'>): Promise<number> {
  const siblings = childrenOf(await db.collections.toArray(), input.parent_id).filter((collection) => collection.id !== input.id);
  return between(siblings.map((collection) => collection.sort), input.position);
}

function between(sorts: readonly number[], position: number): number {
  const before = sorts[position - 1];
  const after = sorts[position];
  if (before !== undefined && after !== undefined) return (before + after) / 2;
  if (after !== undefined) return after - 1;
  return before !== undefined ? before + 1 : 0;
}

/** A sort between the new neighbours of an article moved in one collection. */
async function articleSortHint(db: InboxDatabase, input: MutationOf<'move-article'>): Promise<number> {
  const sorts = (await db.articles.toArray())
    .filter((article) => article.id !== input.id)
    .flatMap((article) => article.collections.filter((placement) => placement.collection_id === input.collection_id).map((placement) => placement.sort))
    .sort((a, b) => a - b);
  return between(sorts, input.position);
}

async function prepareCollectionDelete(db: InboxDatabase, input: MutationOf<'delete-kb-collection'>): Promise<MutationOf<'delete-kb-collection'>> {
  const collection = await db.collections.get(input.id);
  const children = await db.collections.where('parent_id').equals(input.id).primaryKeys();
  return { ...input, parent_id: collection?.parent_id ?? null, children: children.map(String) };
}

export const knowledgeMutations = {
  'create-kb-collection': {
    ...inKnowledgeLane,
    targets: (input) => [collectionTarget(input.id)],
    patch: {
      collections: (doc, input) => ({
        id: input.id,
        name: input.name,
        description: input.description,
        parent_id: input.parent_id,
        sort: doc?.sort ?? END_SORT,
        slug: doc?.slug ?? input.slug ?? slugify(input.name, 'collection'),
        icon: input.icon,
        version: doc?.version ?? 0,
      }),
    },
    request: (input) =>
      requestTo(MUTATION_ROUTES['create-kb-collection'], {}, {
        id: input.id,
        name: input.name,
        parent_id: input.parent_id,
        description: input.description,
        icon: input.icon,
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
      }),
    answer: collectionAnswer,
    sample: { seed: {}, input: { kind: 'create-kb-collection', id: 'kc-2', name: 'Shipping', parent_id: null, description: '', icon: null } },
  },
  'update-kb-collection': {
    ...inKnowledgeLane,
    targets: (input) => [collectionTarget(input.id)],
    patch: {
      collections: (doc, input) =>
        doc && {
          ...doc,
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.icon !== undefined ? { icon: input.icon } : {}),
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
        },
    },
    request: (input) => requestTo(MUTATION_ROUTES['update-kb-collection'], { id: input.id }, withoutKeys(input, ['id', 'kind'])),
    answer: collectionAnswer,
    sample: { seed: { collections: [sampleCollection()] }, input: { kind: 'update-kb-collection', id: 'kc-1', name: 'Payments', icon: '💳' } },
  },
  'move-kb-collection': {
    ...inKnowledgeLane,
    targets: (input) => [collectionTarget(input.id)],
    prepare: async (db, input) => ({ ...input, sort_hint: await collectionSortHint(db, input) }),
    patch: { collections: (doc, input) => doc && { ...doc, parent_id: input.parent_id, sort: input.sort_hint ?? input.position } },
    request: (input) => requestTo(MUTATION_ROUTES['move-kb-collection'], { id: input.id }, { id: input.id, position: input.position, parent_id: input.parent_id }),
    answer: (body) => putting('collections', documentsIn(body, 'collections', isCollectionDoc)),
    sample: {
      seed: { collections: [sampleCollection(), sampleCollection({ id: 'kc-2', name: 'Shipping', slug: 'shipping', sort: 1 })] },
      input: { kind: 'move-kb-collection', id: 'kc-2', position: 0, parent_id: 'kc-1' },
    },
  },
  'delete-kb-collection': {
    ...inKnowledgeLane,
    targets: (input) => [collectionTarget(input.id), ...(input.children ?? []).map(collectionTarget)],
    prepare: prepareCollectionDelete,
    patch: {
      collections: (doc, input) => (doc === null || doc.id === input.id ? null : { ...doc, parent_id: input.parent_id ?? null, sort: doc.sort + END_SORT }),
    },
    request: (input) => requestTo(MUTATION_ROUTES['delete-kb-collection'], { id: input.id }),
    answer: (body, input) => ({ put: [{ col: 'articles', docs: documentsIn(body, 'articles', isArticleDoc) }], remove: [collectionTarget(input.id)] }),
    sample: {
      seed: { collections: [sampleCollection(), sampleCollection({ id: 'kc-2', name: 'Refunds', slug: 'refunds', parent_id: 'kc-1' })] },
      input: { kind: 'delete-kb-collection', id: 'kc-1' },
    },
  },
  'create-article': {
    ...inKnowledgeLane,
    targets: (input) => [articleTarget(input.id)],
    patch: {
      articles: (doc, input, { createdAt }) => ({
        id: input.id,
        title: input.title,
        content: input.content,
        description: input.description,
        slug: doc?.slug ?? slugify(input.title),
        published: false,
        published_title: null,
        published_content: null,
        published_at: null,
        url: null,
        collections: doc?.collections ?? [...new Set(input.collections)].map((collection_id) => ({ collection_id, sort: END_SORT })),
        conflict: null,
        updated_by: doc?.updated_by ?? null,
        updated_at: createdAt,
        version: doc?.version ?? 0,
      }),
    },
    request: (input) =>
      requestTo(MUTATION_ROUTES['create-article'], {}, { id: input.id, title: input.title, content: input.content, description: input.description, collections: input.collections }),
    answer: articleAnswer,
    sample: { seed: { collections: [sampleCollection()] }, input: { kind: 'create-article', id: 'ka-2', title: 'Shipping times', content: '<p>Two days.</p>', description: '', collections: ['kc-1'] } },
  },
  /** Saved whole as the agent types: a save takes over the article's queued save. */
  'update-article': {
    ...inKnowledgeLane,
    targets: (input) => [articleTarget(input.id)],
    coalesces: true,
    patch: {
      articles: (doc, input, { createdAt }) =>
        doc && {
          ...doc,
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.content !== undefined ? { content: input.content } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          ...(input.resolve === true ? { conflict: null } : {}),
          updated_at: input.title !== undefined || input.content !== undefined ? createdAt : doc.updated_at,
        },
    },
    request: (input) => requestTo(MUTATION_ROUTES['update-article'], { id: input.id }, withoutKeys(input, ['id', 'kind'])),
    answer: articleAnswer,
    sample: { seed: { articles: [sampleArticle()] }, input: { kind: 'update-article', id: 'ka-1', title: 'Refunds and returns', content: '<p>Within 30 days.</p>', base_version: 1 } },
  },
  'resolve-article-conflict': {
    ...inKnowledgeLane,
    targets: (input) => [articleTarget(input.id)],
    patch: {
      articles: (doc, input) =>
        doc && { ...doc, ...(input.title !== undefined ? { title: input.title } : {}), ...(input.content !== undefined ? { content: input.content } : {}), conflict: null },
    },
    request: (input) =>
      requestTo(MUTATION_ROUTES['resolve-article-conflict'], { id: input.id }, {
        resolve: true,
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.content !== undefined ? { content: input.content } : {}),
      }),
    answer: articleAnswer,
    sample: {
      seed: { articles: [sampleArticle({ conflict: { title: 'Refunds', content: '<p>Mine.</p>', agent_id: 2, at: 1 } })] },
      input: { kind: 'resolve-article-conflict', id: 'ka-1', title: 'Refunds', content: '<p>Mine.</p>' },
    },
  },
  'publish-article': {
    ...inKnowledgeLane,
    targets: (input) => [articleTarget(input.id)],
    patch: {
      articles: (doc, _input, { createdAt }) =>
        doc && { ...doc, published: true, published_title: doc.title, published_content: doc.content, published_at: createdAt },
    },
    request: (input) => requestTo(MUTATION_ROUTES['publish-article'], { id: input.id }),
    answer: articleAnswer,
    sample: { seed: { articles: [sampleArticle()] }, input: { kind: 'publish-article', id: 'ka-1' } },
  },
  'unpublish-article': {
    ...inKnowledgeLane,
    targets: (input) => [articleTarget(input.id)],
    patch: { articles: (doc) => doc && { ...doc, published: false, url: null } },
    request: (input) => requestTo(MUTATION_ROUTES['unpublish-article'], { id: input.id }),
    answer: articleAnswer,
    sample: { seed: { articles: [sampleArticle({ published: true, published_title: 'Refunds', published_content: '<p>x</p>', published_at: 1, url: '/help/acme/articles/refunds' })] }, input: { kind: 'unpublish-article', id: 'ka-1' } },
  },
  'set-article-collections': {
    ...inKnowledgeLane,
    targets: (input) => [articleTarget(input.id)],
    patch: {
      articles: (doc, input) =>
        doc && {
          ...doc,
          collections: [...new Set(input.collections)].map((collection_id) => doc.collections.find((placement) => placement.collection_id === collection_id) ?? { collection_id, sort: END_SORT }),
        },
    },
    request: (input) => requestTo(MUTATION_ROUTES['set-article-collections'], { id: input.id }, { collections: input.collections }),
    answer: articleAnswer,
    sample: {
      seed: { collections: [sampleCollection(), sampleCollection({ id: 'kc-2', slug: 'shipping', name: 'Shipping', sort: 1 })], articles: [sampleArticle()] },
      input: { kind: 'set-article-collections', id: 'ka-1', collections: ['kc-2'] },
    },
  },
  'move-article': {
    ...inKnowledgeLane,
    targets: (input) => [articleTarget(input.id)],
    prepare: async (db, input) => ({ ...input, sort_hint: await articleSortHint(db, input) }),
    patch: {
      articles: (doc, input) =>
        doc && {
          ...doc,
          collections: doc.collections.map((placement) => (placement.collection_id === input.collection_id ? { ...placement, sort: input.sort_hint ?? input.position } : placement)),
        },
    },
    request: (input) => requestTo(MUTATION_ROUTES['move-article'], { id: input.id }, { collection_id: input.collection_id, position: input.position }),
    answer: (body) => putting('articles', documentsIn(body, 'articles', isArticleDoc)),
    sample: {
      seed: { articles: [sampleArticle(), sampleArticle({ id: 'ka-2', slug: 'returns', title: 'Returns', collections: [{ collection_id: 'kc-1', sort: 1 }] })] },
      input: { kind: 'move-article', id: 'ka-2', collection_id: 'kc-1', position: 0 },
    },
  },
  'delete-article': {
    ...inKnowledgeLane,
    targets: (input) => [articleTarget(input.id)],
    patch: { articles: () => null },
    request: (input) => requestTo(MUTATION_ROUTES['delete-article'], { id: input.id }),
    answer: (_body, input) => ({ put: [], remove: [articleTarget(input.id)] }),
    sample: { seed: { articles: [sampleArticle()] }, input: { kind: 'delete-article', id: 'ka-1' } },
  },
} satisfies MutationDefinitions<
  | 'create-kb-collection'
  | 'update-kb-collection'
  | 'move-kb-collection'
  | 'delete-kb-collection'
  | 'create-article'
  | 'update-article'
  | 'resolve-article-conflict'
  | 'publish-article'
  | 'unpublish-article'
  | 'set-article-collections'
  | 'move-article'
  | 'delete-article'
>;
