import { z } from 'zod';
import type { Article, KnowledgeCollection } from '../documents';
import { KNOWLEDGE_SLUG_MAX, KNOWLEDGE_SLUG_PATTERN } from '../knowledge/knowledge-slug';
import { categoryPositionBody } from './snippet-requests';
import { multiLineText, singleLineText } from './text-fields';

/**
 * The knowledge base calls (§7 `knowledge/structure`; the writes are ours, in the snippets'
 * style). Ids are chosen by the client, so a collection or an article can be created, edited,
 * moved and published offline before the server has seen it.
 */
export const KNOWLEDGE_LIMITS = { name: 120, title: 200, description: 300, content: 500_000, icon: 16, collections: 20, query: 200 } as const;

export const knowledgeIdField = z
  .string({ error: 'is not a valid id' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'is not a valid id' });

export const knowledgeIdParams = z.object({ id: knowledgeIdField });

export const knowledgeSlugField = singleLineText()
  .trim()
  .toLowerCase()
  .max(KNOWLEDGE_SLUG_MAX)
  .regex(KNOWLEDGE_SLUG_PATTERN, { error: 'may contain only lowercase letters, digits and inner hyphens' });

const nameField = singleLineText().trim().min(1, { error: 'cannot be empty' }).max(KNOWLEDGE_LIMITS.name);
const titleField = singleLineText().trim().min(1, { error: 'cannot be empty' }).max(KNOWLEDGE_LIMITS.title);
const descriptionField = singleLineText().trim().max(KNOWLEDGE_LIMITS.description);
const iconField = singleLineText()
  .trim()
  .max(KNOWLEDGE_LIMITS.icon)
  .transform((value) => (value === '' ? null : value));
/** HTML from the editor; the server sanitises it before storing (src/server/knowledge/article-html.ts). */
export const articleContentField = multiLineText().max(KNOWLEDGE_LIMITS.content, { error: `must be at most ${KNOWLEDGE_LIMITS.content} characters` });

/** `POST knowledge/collections/`: at the end of its parent's children; a slug from its name unless given. */
export const collectionCreateBody = z.object({
  id: knowledgeIdField,
  name: nameField,
  parent_id: knowledgeIdField.nullable().default(null),
  description: descriptionField.default(''),
  icon: iconField.nullable().default(null),
  slug: knowledgeSlugField.optional(),
});

/** `PATCH knowledge/collections/{id}`: the fields given change. */
export const collectionUpdateBody = z.object({
  name: nameField.optional(),
  description: descriptionField.optional(),
  icon: iconField.nullable().optional(),
  slug: knowledgeSlugField.optional(),
});

/** `PATCH knowledge/collections/{id}/position`: `position` among the children of `parent_id`. */
export const collectionPositionBody = categoryPositionBody.extend({ id: knowledgeIdField, parent_id: knowledgeIdField.nullable() });

export const articleCollectionsField = z.array(knowledgeIdField).max(KNOWLEDGE_LIMITS.collections);

/** `POST knowledge/articles/`: a draft (never published by its creation), in the collections given. */
export const articleCreateBody = z.object({
  id: knowledgeIdField,
  title: titleField,
  content: articleContentField.default(''),
  description: descriptionField.default(''),
  collections: articleCollectionsField.default([]),
});

/**
 * `PATCH knowledge/articles/{id}`: the draft's fields given change. `base_version` is the version
 * of the article the writer's text started from: when another agent changed the text after it,
 * the incoming text is kept as the article's `conflict` instead of overwriting theirs.
 * `resolve: true` clears the conflict (the text given, if any, is the one kept).
 */
export const articleUpdateBody = z.object({
  title: titleField.optional(),
  content: articleContentField.optional(),
  description: descriptionField.optional(),
  slug: knowledgeSlugField.optional(),
  base_version: z.number().int().nonnegative().optional(),
  resolve: z.boolean().optional(),
});

/** `POST knowledge/articles/{id}/collections`: the collections it is in, whole. */
export const articleCollectionsBody = z.object({ collections: articleCollectionsField });

/** `PATCH knowledge/articles/{id}/position`: its place among the articles of one of its collections. */
export const articlePositionBody = z.object({
  collection_id: knowledgeIdField,
  position: z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).nonnegative({ error: 'must be a whole number' }),
});

/** An article in a collection with its sort there, as `GET knowledge/structure` lists them. */
export type ArticleInCollection = { article_id: string; collection_id: string; sort: number };

/** `GET knowledge/structure` (§7). */
export type KnowledgeStructure = {
  base_url: string | null;
  collections: KnowledgeCollection[];
  articles: Article[];
  article_in_collections: ArticleInCollection[];
};

export const KNOWLEDGE_VISIBILITIES = ['public', 'agents'] as const;
export type KnowledgeVisibility = (typeof KNOWLEDGE_VISIBILITIES)[number];

/** The help center's settings (`knowledge/settings`, §2). */
export type KnowledgeSettings = {
  name: string;
  color: string;
  logo: string | null;
  base_url: string | null;
  visibility: KnowledgeVisibility;
  /** Where this server serves the help center (`{origin}/help/{org}`), whatever base_url says. */
  default_url: string;
};

const httpUrl = singleLineText()
  .trim()
  .max(300)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.search === '' && url.hash === '';
    } catch {
      return false;
    }
  }, { error: 'must be an http or https address without a query' })
  .transform((value) => value.replace(/\/+$/, ''));

/** `PUT knowledge/settings`. The logo is an https address or a small data URL of a picture. */
export const knowledgeSettingsBody = z.object({
  name: nameField,
  color: z.string({ error: 'is required' }).regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour like #1f6feb' }).transform((value) => value.toLowerCase()),
  logo: z
    .string()
    .max(200_000, { error: 'is too large (at most 150 KB)' })
    .regex(/^(https:\/\/[^\s"'<>]+|data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+)$/, { error: 'must be an https address or a picture' })
    .nullable(),
  base_url: z.union([httpUrl, z.literal('').transform(() => null), z.null()]),
  visibility: z.enum(KNOWLEDGE_VISIBILITIES, { error: 'must be public or agents' }),
});

/** A search of the help center (public page, widget). */
export const knowledgeSearchQuery = z.object({ q: singleLineText().max(KNOWLEDGE_LIMITS.query).default('') });

export type KnowledgeSearchHit = { id: string; title: string; slug: string; url: string; snippet: string };

const reportDay = z.string({ error: 'must be a date (YYYY-MM-DD)' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' });

/**
 * `GET reporting/kb?from=&to=` (days in the organization's zone, both included, like the inbox
 * report), or `?days=` (the last days up to today, 30 by default). `GET reporting/kb/export`: the
 * same query, the article table as CSV.
 */
export const kbReportQuery = z
  .object({ days: z.coerce.number().int().min(1).max(365).default(30), from: reportDay.optional(), to: reportDay.optional() })
  .refine((query) => (query.from === undefined) === (query.to === undefined), { error: 'needs both from and to', path: ['to'] })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, { error: 'must not be before from', path: ['to'] })
  .refine(
    (query) => query.from === undefined || query.to === undefined || Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`) < 366 * 86_400_000,
    { error: 'must be at most 366 days after from', path: ['to'] },
  );

export type KbReport = {
  /** The number of days of the range. */
  days: number;
  /** The first and last day, both included, in `time_zone` (the organization's, UTC without hours). */
  from: string;
  to: string;
  time_zone: string;
  views: { article_id: string; title: string; views: number; helpful: number; unhelpful: number }[];
  /** Every day of the range, in order (no gaps). */
  views_by_day: { day: string; views: number }[];
  searches: number;
  searches_without_result: { query: string; count: number }[];
  top_searches: { query: string; count: number; results: number }[];
  helpful: number;
  unhelpful: number;
  deflections: number;
};

/** `GET contacts/{id}/articles`: what a contact read in the chat widget, latest first. */
export type ContactArticle = { id: string; title: string; url: string | null; viewed_at: number };
