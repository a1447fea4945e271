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

/**
 * The knowledge base (§7 `knowledge/…`). Ids are the client's, so a collection or an article can
 * be created, edited, moved and published offline. An article's text is saved whole as the agent
 * types (`update-article` coalesces), with the version its text started from (`base_version`),
 * so an offline edit never silently overwrites a teammate's newer text. What the worker adds
 * from IndexedDB (`prepare`) is marked so.
 */
export const KNOWLEDGE_MUTATIONS = {
  'create-kb-collection': collectionCreateBody,
  'update-kb-collection': collectionUpdateBody.extend({ id: knowledgeIdField }),
  /** `sort_hint` (prepared): a sort between its new neighbours, so the tree shows the move at once. */
  'move-kb-collection': collectionPositionBody.extend({ sort_hint: z.number().optional() }),
  /** Prepared: its parent and its subcollections (they move up). */
  'delete-kb-collection': z.object({ id: knowledgeIdField, parent_id: knowledgeIdField.nullable().optional(), children: z.array(knowledgeIdField).optional() }),
  'create-article': articleCreateBody,
  /**
   * The draft saved as the agent types; a save takes over the article's queued save (coalesces),
   * so each carries everything it changes: the text, and the slug when the agent changed it.
   */
  'update-article': articleUpdateBody.extend({ id: knowledgeIdField }),
  /**
   * Keeps one version of a conflicted article: the text given (the one kept aside) or, without
   * it, the current one. Its own kind, so a later save never coalesces it away.
   */
  'resolve-article-conflict': z.object({ id: knowledgeIdField, title: articleUpdateBody.shape.title, content: articleUpdateBody.shape.content }),
  'publish-article': z.object({ id: knowledgeIdField }),
  'unpublish-article': z.object({ id: knowledgeIdField }),
  'set-article-collections': z.object({ id: knowledgeIdField, collections: articleCollectionsField }),
  /** `sort_hint` (prepared), as for a collection's move. */
  'move-article': articlePositionBody.extend({ id: knowledgeIdField, sort_hint: z.number().optional() }),
  'delete-article': z.object({ id: knowledgeIdField }),
};
