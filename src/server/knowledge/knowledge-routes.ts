import { REST_ROUTES } from '../../protocol/api/rest-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  articleCollectionsBody,
  articleCreateBody,
  articlePositionBody,
  articleUpdateBody,
  collectionCreateBody,
  collectionPositionBody,
  collectionUpdateBody,
  knowledgeIdParams,
  knowledgeSettingsBody,
  kbReportQuery,
  type KbReport,
  type ContactArticle,
  type KnowledgeSettings,
  type KnowledgeStructure,
} from '../../protocol/api/knowledge-requests';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { ACTION_PERMISSIONS, PAGE_PERMISSIONS } from '../../protocol/roles';
import { assertCan, can } from '../agents/permissions';
import type { AppContext } from '../app-context';
import { kbReport } from './knowledge-report';
import { readHours } from '../hours/hours-document';
import { sendCsv, toCsv } from '../http/csv';
import { reportDays } from '../http/report-days';
import { fieldError, forbidden, notFound } from '../http/http-error';
import { requireSession, signedIn } from '../http/auth-hook';
import { parseInput } from '../http/parse-input';
import { registerRoute } from '../http/protocol-route';
import { runMutation } from '../mutations/run-mutation';
import { createArticle, deleteArticle, moveArticle, publishArticle, setArticleCollections, unpublishArticle, updateArticle } from './article-writes';
import { createCollection, deleteCollection, moveCollection, updateCollection } from './collection-writes';
import { articleDocuments, articleInCollections, articlePath, toCollection } from './knowledge-model';
import { idParam } from '../../protocol/api/id-fields';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import { z } from 'zod';
import { customDomainOf, readKnowledgeSettings, saveKnowledgeSettings, type HelpCenterSettings } from './knowledge-settings';
import { forgetCustomDomains } from './help-center/custom-domains';
import { recordOnboardingStep } from '../onboarding/onboarding-writes';

/**
 * The knowledge base (§7 `knowledge/structure`, §2 `knowledge`, `knowledge/settings`). No role is
 * needed (§6: knowledge is a page for every agent), except to change who may read the help
 * center (`organization.update`); every id is the organization's own, so
 * another organization's ids answer 404 like missing ones.
 */
const contactIdParams = z.object({ id: idParam });

export function registerKnowledgeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const preHandler = requireSession(ctx);
  const settingsAnswer = (request: FastifyRequest, settings: HelpCenterSettings): KnowledgeSettings => {
    const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
    return { ...settings, default_url: `${origin}/help/${signedIn(request).organization.slug}` };
  };

  registerRoute(app, REST_ROUTES.knowledgeStructure, { preHandler }, async (request): Promise<KnowledgeStructure> => {
    const { organization } = signedIn(request);
    const [settings, collectionRows, articleRows] = await Promise.all([
      readKnowledgeSettings(ctx.db, organization.id),
      ctx.db.selectFrom('kb_collections').selectAll().where('org_id', '=', organization.id).orderBy('id').execute(),
      ctx.db.selectFrom('kb_articles').selectAll().where('org_id', '=', organization.id).orderBy('id').execute(),
    ]);
    const articles = await articleDocuments(ctx.db, organization.id, articleRows, organization.slug);
    const answer = settingsAnswer(request, settings);
    return { base_url: answer.base_url ?? answer.default_url, collections: collectionRows.map(toCollection), articles, article_in_collections: articleInCollections(articles) };
  });

  const readKbReport = async (request: FastifyRequest): Promise<KbReport> => {
    const { agent, organization } = signedIn(request);
    assertCan(agent, PAGE_PERMISSIONS['reporting/kb']);
    const query = parseInput(kbReportQuery, request.query);
    const zone = (await readHours(ctx.db, organization.id))?.timezone ?? 'UTC';
    return kbReport(ctx.db, organization.id, reportDays(zone, query, ctx.clock()));
  };
  registerRoute(app, REST_ROUTES.kbReport, { preHandler }, readKbReport);
  // The article table as CSV (cells a spreadsheet would run as formulas neutralised).
  registerRoute(app, REST_ROUTES.kbReportExport, { preHandler }, async (request, reply) => {
    const report = await readKbReport(request);
    const rows = report.views.map((row) => [row.article_id, row.title, row.views, row.helpful, row.unhelpful]);
    return sendCsv(reply, `kb-report-${report.from}-${report.to}.csv`, toCsv(['article_id', 'title', 'views', 'helpful', 'unhelpful'], rows));
  });

  // The articles a contact read in the chat widget, latest first (the contact panel).
  registerRoute(app, REST_ROUTES.contactArticles, { preHandler }, async (request): Promise<{ articles: ContactArticle[] }> => {
    const { organization } = signedIn(request);
    const { id } = parseInput(contactIdParams, request.params);
    const contact = await ctx.db.selectFrom('contacts').select('id').where('org_id', '=', organization.id).where('id', '=', id).executeTakeFirst();
    if (!contact) throw notFound();
    const rows = await ctx.db
      .selectFrom('kb_events as e')
      .innerJoin('kb_articles as a', (join) => join.onRef('a.org_id', '=', 'e.org_id').onRef('a.id', '=', 'e.article_id'))
      .select(['a.id', 'a.title', 'a.slug', 'a.published', (eb) => eb.fn.max('e.created_at').as('viewed_at')])
      .where('e.org_id', '=', organization.id)
      .where('e.contact_id', '=', id)
      .where('e.kind', '=', 'view')
      .groupBy(['a.id', 'a.title', 'a.slug', 'a.published'])
      .orderBy('viewed_at', 'desc')
      .limit(10)
      .execute();
    return {
      articles: rows.map((row) => ({ id: row.id, title: row.title, url: row.published === 1 ? articlePath(organization.slug, row.slug) : null, viewed_at: Number(row.viewed_at) })),
    };
  });

  registerRoute(app, REST_ROUTES.knowledgeSettings, { preHandler }, async (request) => settingsAnswer(request, await readKnowledgeSettings(ctx.db, signedIn(request).organization.id)));

  registerRoute(app, REST_ROUTES.updateKnowledgeSettings, { preHandler }, async (request) => {
    const body = parseInput(knowledgeSettingsBody, request.body);
    const { agent, organization } = signedIn(request);
    // Agents only takes the help center away from customers: an administrator's decision.
    const current = await readKnowledgeSettings(ctx.db, organization.id);
    if (body.visibility !== current.visibility && !can(agent, ACTION_PERMISSIONS.helpCenterVisibility)) throw forbidden(API_ERRORS.helpCenterVisibility);
    const ownHost = ctx.config.publicUrl ? new URL(ctx.config.publicUrl).host : request.host;
    const host = customDomainOf(body.base_url, ownHost);
    if (host !== null) {
      const other = await ctx.db.selectFrom('kb_settings').select('org_id').where('host', '=', host).where('org_id', '<>', organization.id).executeTakeFirst();
      if (other) throw fieldError('base_url', 'is already the address of another help center');
    }
    const saved = await saveKnowledgeSettings(ctx.db, organization.id, body, host, ctx.clock());
    forgetCustomDomains();
    return settingsAnswer(request, saved);
  });

  registerRoute(app, MUTATION_ROUTES['create-kb-collection'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, (write) => createCollection(write, parseInput(collectionCreateBody, request.body)), { status: 201 }),
  );

  registerRoute(app, MUTATION_ROUTES['update-kb-collection'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, (write) => updateCollection(write, parseInput(knowledgeIdParams, request.params).id, parseInput(collectionUpdateBody, request.body))),
  );

  registerRoute(app, MUTATION_ROUTES['move-kb-collection'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(knowledgeIdParams, request.params);
      return { collections: await moveCollection(write, id, parseInput(collectionPositionBody, request.body)) };
    }),
  );

  registerRoute(app, MUTATION_ROUTES['delete-kb-collection'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, (write) => deleteCollection(write, parseInput(knowledgeIdParams, request.params).id)),
  );

  registerRoute(app, MUTATION_ROUTES['create-article'], { preHandler }, (request, reply) =>
    runMutation(
      ctx,
      request,
      reply,
      async (write, caller) => {
        const article = await createArticle(write, caller.agent.id, parseInput(articleCreateBody, request.body));
        await recordOnboardingStep(write, caller.organization.id, 'snippet-or-article');
        return article;
      },
      { status: 201 },
    ),
  );

  registerRoute(app, MUTATION_ROUTES['update-article'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, (write, caller) =>
      updateArticle(write, caller.agent.id, parseInput(knowledgeIdParams, request.params).id, parseInput(articleUpdateBody, request.body)),
    ),
  );

  registerRoute(app, MUTATION_ROUTES['publish-article'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, (write, caller) => publishArticle(write, ctx.dialect, caller.agent.id, parseInput(knowledgeIdParams, request.params).id)),
  );

  registerRoute(app, MUTATION_ROUTES['unpublish-article'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, (write, caller) => unpublishArticle(write, ctx.dialect, caller.agent.id, parseInput(knowledgeIdParams, request.params).id)),
  );

  registerRoute(app, MUTATION_ROUTES['set-article-collections'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, (write) =>
      setArticleCollections(write, parseInput(knowledgeIdParams, request.params).id, parseInput(articleCollectionsBody, request.body).collections),
    ),
  );

  registerRoute(app, MUTATION_ROUTES['move-article'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, async (write) => {
      const { id } = parseInput(knowledgeIdParams, request.params);
      return { articles: await moveArticle(write, id, parseInput(articlePositionBody, request.body)) };
    }),
  );

  registerRoute(app, MUTATION_ROUTES['delete-article'], { preHandler }, (request, reply) =>
    runMutation(ctx, request, reply, (write) => deleteArticle(write, ctx.dialect, parseInput(knowledgeIdParams, request.params).id)),
  );
}
