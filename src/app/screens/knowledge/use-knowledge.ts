import { useLiveQuery } from 'dexie-react-hooks';
import type { Article, KnowledgeCollection } from '../../../protocol/documents';
import { useInboxDb } from '../../sync/sync-context';

export type KnowledgeBase = { collections: KnowledgeCollection[]; articles: Article[] };

/** The organization's collections and articles (by title), live from IndexedDB: offline too. */
export function useKnowledgeBase(): KnowledgeBase | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => {
    const [collections, articles] = await Promise.all([db.collections.toArray(), db.articles.toArray()]);
    articles.sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1));
    return { collections, articles };
  }, [db]);
}

/** One article, live; null once it is gone, undefined while reading. */
export function useArticle(id: string): Article | null | undefined {
  const db = useInboxDb();
  return useLiveQuery(async () => (await db.articles.get(id)) ?? null, [db, id]);
}

/** A new collection's or article's id, chosen here so it can be created and edited offline. */
export function newKnowledgeId(prefix: 'kc' | 'ka'): string {
  return `${prefix}-${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
}

/** What "New article" hands the editor through the history state: the collections to file it in. */
export type NewArticleRequest = { collections: string[] };

export function newArticleRequest(state: unknown): NewArticleRequest | null {
  if (typeof state !== 'object' || state === null || !('newArticle' in state)) return null;
  const request = state.newArticle;
  if (typeof request !== 'object' || request === null || !('collections' in request)) return null;
  const { collections } = request;
  return { collections: Array.isArray(collections) ? collections.filter((id): id is string => typeof id === 'string') : [] };
}

/** The article a new one's editor starts from: empty, not yet created. */
export function unsavedArticle(id: string, collections: readonly string[]): Article {
  return {
    id,
    title: '',
    content: '',
    description: '',
    slug: '',
    published: false,
    published_title: null,
    published_content: null,
    published_at: null,
    url: null,
    collections: collections.map((collection_id, sort) => ({ collection_id, sort })),
    conflict: null,
    updated_by: null,
    updated_at: 0,
    version: 0,
  };
}

/** Whether an article's HTML has something to read: text, an image or a table, not only empty paragraphs. */
export function articleHasBody(html: string): boolean {
  if (/<(img|table|hr|iframe|video)\b/i.test(html)) return true;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ').trim() !== '';
}

export type ArticleStatus = 'draft' | 'published' | 'changed';

/** Draft (never or no longer public), published, or published with changes not yet published. */
export function articleStatus(article: Article): ArticleStatus {
  if (!article.published) return 'draft';
  return article.title !== article.published_title || article.content !== article.published_content ? 'changed' : 'published';
}

export const STATUS_LABELS: Record<ArticleStatus, string> = { draft: 'Draft', published: 'Published', changed: 'Unpublished changes' };

/** The articles of a collection in their order there. */
export function articlesIn(articles: readonly Article[], collectionId: string): Article[] {
  const sortIn = (article: Article) => article.collections.find((placement) => placement.collection_id === collectionId)?.sort ?? 0;
  return articles.filter((article) => article.collections.some((placement) => placement.collection_id === collectionId)).sort((a, b) => sortIn(a) - sortIn(b) || (a.id < b.id ? -1 : 1));
}
