import { z } from 'zod';
import {
  articleCollectionsField,
  articleCreateBody,
  articlePositionBody,
  articleUpdateBody,
  collectionCreateBody,
  collectionPositionBody,
  collectionUpdateBody,
  knowledgeIdField,
} from '../api/knowledge-requests';
import { route } from '../api/route';
import type { MutationEntries } from './mutation-entry';

/** An article's save and a conflict's resolution are both its PATCH. */
const articleRoute = route('PATCH', 'knowledge/articles/:id');

/**
 * The knowledge base (§7 `knowledge/…`). Ids are the client's, so a collection or an article can
 * be created, edited, moved and published offline. An article's text is saved whole as the agent
 * types (`update-article` coalesces), with the version its text started from (`base_version`),
 * so an offline edit never silently overwrites a teammate's newer text. What the worker adds
 * from IndexedDB (`prepare`) is marked so.
 */
export const KNOWLEDGE_MUTATIONS = {
  'create-kb-collection': { route: route('POST', 'knowledge/collections/'), args: collectionCreateBody },
  'update-kb-collection': { route: route('PATCH', 'knowledge/collections/:id'), args: collectionUpdateBody.extend({ id: knowledgeIdField }) },
  /** `sort_hint` (prepared): a sort between its new neighbours, so the tree shows the move at once. */
  'move-kb-collection': { route: route('PATCH', 'knowledge/collections/:id/position'), args: collectionPositionBody.extend({ sort_hint: z.number().optional() }) },
  /** Prepared: its parent and its subcollections (they move up). */
  'delete-kb-collection': {
    route: route('DELETE', 'knowledge/collections/:id'),
    args: z.object({ id: knowledgeIdField, parent_id: knowledgeIdField.nullable().optional(), children: z.array(knowledgeIdField).optional() }),
  },
  'create-article': { route: route('POST', 'knowledge/articles/'), args: articleCreateBody },
  /**
   * The draft saved as the agent types; a save takes over the article's queued save (coalesces),
   * so each carries everything it changes: the text, and the slug when the agent changed it.
   */
  'update-article': { route: articleRoute, args: articleUpdateBody.extend({ id: knowledgeIdField }) },
  /**
   * Keeps one version of a conflicted article: the text given (the one kept aside) or, without
   * it, the current one. Its own kind, so a later save never coalesces it away.
   */
  'resolve-article-conflict': {
    route: articleRoute,
    args: z.object({ id: knowledgeIdField, title: articleUpdateBody.shape.title, content: articleUpdateBody.shape.content }),
  },
  'publish-article': { route: route('POST', 'knowledge/articles/:id/publish'), args: z.object({ id: knowledgeIdField }) },
  'unpublish-article': { route: route('POST', 'knowledge/articles/:id/unpublish'), args: z.object({ id: knowledgeIdField }) },
  'set-article-collections': { route: route('POST', 'knowledge/articles/:id/collections'), args: z.object({ id: knowledgeIdField, collections: articleCollectionsField }) },
  /** `sort_hint` (prepared), as for a collection's move. */
  'move-article': {
    route: route('PATCH', 'knowledge/articles/:id/position'),
    args: articlePositionBody.extend({ id: knowledgeIdField, sort_hint: z.number().optional() }),
  },
  'delete-article': { route: route('DELETE', 'knowledge/articles/:id'), args: z.object({ id: knowledgeIdField }) },
} satisfies MutationEntries;
