import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { searchArticles } from '../knowledge-search';
import { recordArticleEvent, recordSearch } from '../knowledge-events';
import { helpCenterOfHost } from './custom-domains';
import { articlePage, collectionPage, homePage, notFoundPage, renderPage, searchPage, type Page, type PageContext } from './help-center-pages';
import {
  allCollections,
  collectionArticles,
  findHelpCenter,
  findPublishedArticle,
  homeCollectionOf,
  neighbours,
  publishedTree,
  renamedSlug,
  sitemapEntries,
} from './help-center-queries';
import { escapeHtml } from './html-template';
import { servePublishedImage } from './help-center-images';
import { parseCanonicalId } from '../../../protocol/canonical-id';
import { createViewBuffer, type ViewBuffer } from '../view-buffer';

/**
 * The public help center (no sign-in): `/help/{org}/…` on this server, and the same pages at the
 * root of a custom domain (a request whose Host is a help center's base_url). Pages are HTML
 * rendered here, with a style sheet allowed by its hash and no script at all. Only published
 * articles are read (help-center-queries.ts); a help center set to agents only answers 404.
 */
export function registerHelpCenterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const views = createViewBuffer(ctx.db, (error) => app.log.error({ err: error }, 'Writing help center views failed'));
  app.addHook('onClose', () => views.flush());
  // `/help/{org}` and `/help/{org}/` (the router ignores a trailing slash): the home page.
  app.get('/help/:org', (request, reply) => {
    const { org } = request.params as { org: string };
    return serve(ctx, views, request, reply, { orgSlug: org, base: `/help/${org}`, path: '/', body: '' });
  });

  void app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, next) => next(null, body));
    scope.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/help/:org/*',
      handler: async (request, reply) => {
        const { org } = request.params as { org: string; '*': string };
        const rest = `/${(request.params as { '*': string })['*']}`;
        const body = typeof request.body === 'string' ? request.body : '';
        return serve(ctx, views, request, reply, { orgSlug: org, base: `/help/${org}`, path: rest, body });
      },
    });
    done();
  });

  // A custom domain: everything but the server's own paths is the help center.
  const ownHost = ctx.config.publicUrl ? new URL(ctx.config.publicUrl).host.toLowerCase() : null;
  app.addHook('onRequest', async (request, reply) => {
    const host = request.host;
    if (!host || host.toLowerCase() === ownHost) return;
    const path = request.url.split('?')[0] ?? '/';
    if (/^\/(api|widget|stream|ping|metrics|help)(\/|$)|^\/widget\.js$/.test(path)) return;
    const orgSlug = await helpCenterOfHost(ctx.db, host, ctx.clock());
    if (orgSlug === null) return;
    const body = request.method === 'POST' ? await readSmallBody(request) : '';
    await serve(ctx, views, request, reply, { orgSlug, base: '', path, body });
    return reply;
  });
}

async function readSmallBody(request: FastifyRequest): Promise<string> {
  let text = '';
  for await (const chunk of request.raw) {
    text += String(chunk);
    if (text.length > 1024) break;
  }
  return text;
}

type Target = { orgSlug: string; base: string; path: string; body: string };

function query(request: FastifyRequest): URLSearchParams {
  return new URLSearchParams(request.url.split('?')[1] ?? '');
}

async function serve(ctx: AppContext, views: ViewBuffer, request: FastifyRequest, reply: FastifyReply, target: Target): Promise<FastifyReply> {
  const started = performance.now();
  const org = await findHelpCenter(ctx.db, target.orgSlug);
  if (!org || org.settings.visibility !== 'public') {
    return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
  }
  const origin = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  const page: PageContext = { org, base: target.base, canonical: org.settings.base_url ?? `${origin}/help/${org.slug}` };
  const send = (content: Page) => {
    const { html, styleHash } = renderPage(page, content);
    return reply
      .code(content.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', `default-src 'none'; style-src ${styleHash}; img-src 'self' https: data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`)
      // The page's time on the server (reading and rendering), for the help-center benchmark and browsers' dev tools.
      .header('server-timing', `app;dur=${(performance.now() - started).toFixed(2)}`)
      .send(html);
  };
  const redirect = (to: string) => reply.code(301).header('cache-control', 'no-cache').redirect(`${target.base}${to}`, 301);
  const path = target.path;
  const now = ctx.clock();

  if (request.method === 'POST') {
    const feedback = /^\/articles\/([a-z0-9-]+)\/feedback$/.exec(path);
    if (!feedback?.[1]) return send(notFoundPage(page));
    const row = await findPublishedArticle(ctx.db, org.id, feedback[1]);
    if (!row) return send(notFoundPage(page));
    const answer = new URLSearchParams(target.body).get('helpful');
    if (answer === 'yes' || answer === 'no') await recordArticleEvent(ctx.db, org.id, row.id, { kind: answer === 'yes' ? 'helpful' : 'unhelpful' }, now);
    return reply.code(303).redirect(`${target.base}/articles/${row.slug}?feedback=thanks#feedback`, 303);
  }

  if (path === '/' || path === '') return send(homePage(page, await publishedTree(ctx.db, org.id)));

  if (path === '/sitemap.xml') {
    const { articles, collections } = await sitemapEntries(ctx.db, org.id);
    const url = (loc: string, lastmod?: number) =>
      `<url><loc>${escapeHtml(`${page.canonical}${loc}`)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${url('/')}${collections
      .map((slug) => url(`/collections/${slug}`))
      .join('')}${articles.map((article) => url(`/articles/${article.slug}`, article.updated)).join('')}</urlset>`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  }

  if (path === '/robots.txt') {
    return reply.type('text/plain; charset=utf-8').send(`User-agent: *\nAllow: /\nSitemap: ${page.canonical}/sitemap.xml\n`);
  }

  if (path === '/search') {
    const q = (query(request).get('q') ?? '').slice(0, 200);
    const { hits, corrected } = await searchArticles({ db: ctx.db, dialect: ctx.dialect, orgId: org.id, orgSlug: org.slug, now }, q);
    const withBase = hits.map((hit) => ({ ...hit, url: `${target.base}/articles/${hit.slug}` }));
    if (request.method === 'GET') await recordSearch(ctx.db, org.id, q, hits.length, 'help', now);
    return send(searchPage(page, q, withBase, corrected));
  }

  const image = /^\/images\/([^/]+)$/.exec(path);
  if (image?.[1]) return servePublishedImage(ctx, reply, org, parseCanonicalId(image[1]));

  const collectionMatch = /^\/collections\/([a-z0-9-]+)$/.exec(path);
  if (collectionMatch?.[1]) {
    const slug = collectionMatch[1];
    const tree = await publishedTree(ctx.db, org.id);
    const collection = tree.find((item) => item.slug === slug);
    if (!collection) {
      const renamed = await renamedSlug(ctx.db, org.id, 'collection', slug);
      return renamed ? redirect(`/collections/${renamed}`) : send(notFoundPage(page));
    }
    return send(collectionPage(page, tree, collection, await collectionArticles(ctx.db, org.id, collection.id)));
  }

  const articleMatch = /^\/articles\/([a-z0-9-]+)$/.exec(path);
  if (articleMatch?.[1]) {
    const slug = articleMatch[1];
    const row = await findPublishedArticle(ctx.db, org.id, slug);
    if (!row) {
      const renamed = await renamedSlug(ctx.db, org.id, 'article', slug);
      return renamed ? redirect(`/articles/${renamed}`) : send(notFoundPage(page));
    }
    const [tree, collectionId] = await Promise.all([allCollections(ctx.db, org.id), homeCollectionOf(ctx.db, org.id, row.id)]);
    const around = collectionId ? await neighbours(ctx.db, org.id, collectionId, row.id) : { previous: null, next: null };
    const thanks = query(request).get('feedback') === 'thanks';
    if (request.method === 'GET' && !thanks) views.add(org.id, row.id, now);
    return send(articlePage(page, { row, tree, collectionId, ...around, feedback: thanks ? 'thanks' : null }));
  }

  return send(notFoundPage(page));
}
