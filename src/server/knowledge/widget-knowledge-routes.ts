import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { KNOWLEDGE_LIMITS, type KnowledgeSearchHit } from '../../protocol/api/knowledge-requests';
import { singleLineText } from '../../protocol/api/text-fields';
import { VISITOR_TOKEN_PATTERN } from '../../protocol/widget';
import type { AppContext } from '../app-context';
import { hashSecretToken } from '../auth/secret-token';
import type { Db } from '../db/database';
import { notFound } from '../http/http-error';
import { parseInput } from '../http/parse-input';
import { findVisitor } from '../chat/visitor-queries';
import { recordArticleEvent, recordSearch } from './knowledge-events';
import { articlePath } from './knowledge-model';
import { searchArticles } from './knowledge-search';
import { findHelpCenter, type HelpCenterOrg } from './help-center/help-center-queries';

const orgField = singleLineText().max(40);
const visitorField = z.string().regex(VISITOR_TOKEN_PATTERN).optional();
const searchQuery = z.object({ org: orgField, q: singleLineText().max(KNOWLEDGE_LIMITS.query).default('') });
const articleQuery = z.object({ org: orgField, visitor: visitorField });
const slugParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/) });

export type WidgetArticle = { id: string; title: string; html: string; url: string };

/** How long after reading an article a visitor's first chat message takes the deflection back. */
export const DEFLECTION_WINDOW_MS = 24 * 3_600_000;

async function publicHelpCenter(db: Db, org: string): Promise<HelpCenterOrg> {
  const found = await findHelpCenter(db, org);
  if (!found || found.settings.visibility !== 'public') throw notFound();
  return found;
}

/**
 * The chat widget's help center (public, CORS like the widget's config): search the published
 * articles before chatting and read one inside the widget. A read counts as a deflection,
 * taken back when the same visitor then writes (retractDeflections, on their first message).
 */
export function registerWidgetKnowledgeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/widget/kb/search', async (request, reply): Promise<{ hits: KnowledgeSearchHit[] }> => {
    void reply.header('access-control-allow-origin', '*');
    const { org, q } = parseInput(searchQuery, request.query);
    const help = await publicHelpCenter(ctx.db, org);
    const origin = help.settings.base_url ?? `${ctx.config.publicUrl ?? `${request.protocol}://${request.host}`}/help/${help.slug}`;
    if (q.trim() === '') {
      // Before a search: the latest published articles.
      const rows = await ctx.db.selectFrom('kb_articles').select(['id', 'slug', 'published_title', 'description']).where('org_id', '=', help.id).where('published', '=', 1).orderBy('published_at', 'desc').limit(5).execute();
      return { hits: rows.map((row) => ({ id: row.id, title: row.published_title ?? '', slug: row.slug, url: `${origin}/articles/${row.slug}`, snippet: '' })) };
    }
    const now = ctx.clock();
    const { hits } = await searchArticles({ db: ctx.db, dialect: ctx.dialect, orgId: help.id, orgSlug: help.slug, now }, q, 8);
    await recordSearch(ctx.db, help.id, q, hits.length, 'widget', now);
    return { hits: hits.map((hit) => ({ ...hit, url: `${origin}/articles/${hit.slug}` })) };
  });

  app.get('/widget/kb/articles/:slug', async (request, reply): Promise<WidgetArticle> => {
    void reply.header('access-control-allow-origin', '*');
    const { slug } = parseInput(slugParams, request.params);
    const { org, visitor } = parseInput(articleQuery, request.query);
    const help = await publicHelpCenter(ctx.db, org);
    const row = await ctx.db.selectFrom('kb_articles').selectAll().where('org_id', '=', help.id).where('slug', '=', slug).where('published', '=', 1).executeTakeFirst();
    if (!row) throw notFound();
    const now = ctx.clock();
    const tokenHash = visitor ? hashSecretToken(visitor) : null;
    // A visitor who chatted before is a contact: the contact panel lists what they read.
    const known = tokenHash ? await findVisitor(ctx.db, help.id, tokenHash) : undefined;
    const contactId = known?.contact_id ?? null;
    await recordArticleEvent(ctx.db, help.id, row.id, { kind: 'view', contactId }, now);
    await recordArticleEvent(ctx.db, help.id, row.id, { kind: 'deflection', visitor: tokenHash, contactId }, now);
    const origin = help.settings.base_url ?? `${ctx.config.publicUrl ?? `${request.protocol}://${request.host}`}/help/${help.slug}`;
    return { id: row.id, title: row.published_title ?? row.title, html: row.published_content ?? '', url: help.settings.base_url ? `${origin}/articles/${row.slug}` : `${origin.replace(/\/help\/[^/]+$/, '')}${articlePath(help.slug, row.slug)}` };
  });
}

/** A visitor who writes after reading articles in the widget was not deflected: their recent deflections go. */
export async function retractDeflections(trx: Pick<Db, 'deleteFrom'>, orgId: number, tokenHash: string, now: number): Promise<void> {
  await trx.deleteFrom('kb_events').where('org_id', '=', orgId).where('kind', '=', 'deflection').where('visitor', '=', tokenHash).where('created_at', '>=', now - DEFLECTION_WINDOW_MS).execute();
}

