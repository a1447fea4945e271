import type { KnowledgeSearchHit } from '../../../protocol/api/knowledge-requests';
import { articleText, withHeadingIds } from '../article-html';
import type { KbArticleRow } from '../knowledge-tables';
import type { ArticleLink, HelpCenterOrg, TreeCollection } from './help-center-queries';
import { helpCenterStyle } from './help-center-style';
import { html, raw, type Raw } from './html-template';

/**
 * The help center's pages, server-rendered HTML that needs no script: a page is a layout around
 * its content, with its own title, description and canonical address. `base` is the path the
 * help center lives under on this request (`/help/{org}`, or empty on its custom domain) and
 * `canonical` the public address pages are known by (base_url when set).
 */
export type PageContext = { org: HelpCenterOrg; base: string; canonical: string };

export type Page = { status: number; title: string; description: string; path: string; body: Raw; hero?: Raw | undefined; noindex?: boolean; q?: string };

export function renderPage(ctx: PageContext, page: Page): { html: string; styleHash: string } {
  const { settings } = ctx.org;
  const style = helpCenterStyle(settings.color);
  const title = page.path === '/' ? settings.name : `${page.title} | ${settings.name}`;
  const document = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><meta name="description" content="${page.description}">
<link rel="canonical" href="${ctx.canonical}${page.path === '/' ? '/' : page.path}">
${page.noindex ? raw('<meta name="robots" content="noindex">') : ''}
<meta property="og:title" content="${page.title}"><meta property="og:description" content="${page.description}">
<style>${raw(style.css)}</style></head>
<body><header class="top"><div class="top__bar"><a href="${ctx.base}/">${settings.logo ? html`<img src="${settings.logo}" alt="">` : ''}${settings.name}</a></div>
${page.hero ?? ''}${searchForm(ctx, page.q ?? '')}</header>
<main id="main">${page.body}</main><footer>${settings.name}</footer></body></html>`;
  return { html: document.html, styleHash: style.hash };
}

function searchForm(ctx: PageContext, q: string): Raw {
  return html`<form class="search" role="search" action="${ctx.base}/search" method="get"><input type="search" name="q" value="${q}" placeholder="Search for articles…" aria-label="Search for articles" maxlength="200"><button type="submit">Search</button></form>`;
}

function childrenOf(tree: readonly TreeCollection[], parentId: string | null): TreeCollection[] {
  const ids = new Set(tree.map((item) => item.id));
  return tree
    .filter((item) => (item.parent_id !== null && ids.has(item.parent_id) ? item.parent_id : null) === parentId)
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
}

const articlesLabel = (count: number) => `${count} ${count === 1 ? 'article' : 'articles'}`;

function collectionCards(ctx: PageContext, collections: readonly TreeCollection[]): Raw {
  return html`<ul class="grid">${collections.map(
    (collection) =>
      html`<li><a class="card" href="${ctx.base}/collections/${collection.slug}"><h2>${collection.icon ? html`<span class="icon" aria-hidden="true">${collection.icon}</span>` : ''}${collection.name}</h2>${collection.description ? html`<p>${collection.description}</p>` : ''}<span class="count">${articlesLabel(collection.total)}</span></a></li>`,
  )}</ul>`;
}

function articleList(ctx: PageContext, articles: readonly { slug: string; title: string; description?: string; snippet?: string }[]): Raw {
  return html`<ul class="list">${articles.map(
    (article) =>
      html`<li class="hit"><a href="${ctx.base}/articles/${article.slug}">${article.title}${article.snippet ? html`<small>${raw(article.snippet)}</small>` : article.description ? html`<small>${article.description}</small>` : ''}</a></li>`,
  )}</ul>`;
}

export function homePage(ctx: PageContext, tree: readonly TreeCollection[]): Page {
  const top = childrenOf(tree, null);
  return {
    status: 200,
    title: ctx.org.settings.name,
    description: `Answers and guides from ${ctx.org.name}.`,
    path: '/',
    hero: html`<h1>How can we help?</h1>`,
    body: top.length > 0 ? collectionCards(ctx, top) : html`<p>No articles have been published yet.</p>`,
  };
}

function breadcrumbs(ctx: PageContext, tree: readonly TreeCollection[], collectionId: string | null, last: string | null): Raw {
  const chain: TreeCollection[] = [];
  const seen = new Set<string>();
  for (let id = collectionId; id !== null && !seen.has(id); ) {
    seen.add(id);
    const collection = tree.find((item) => item.id === id);
    if (!collection) break;
    chain.unshift(collection);
    id = collection.parent_id;
  }
  return html`<nav class="crumbs" aria-label="Breadcrumb"><a href="${ctx.base}/">All collections</a>${chain.map((collection) => html` › <a href="${ctx.base}/collections/${collection.slug}">${collection.name}</a>`)}${last ? html` › <span aria-current="page">${last}</span>` : ''}</nav>`;
}

export function collectionPage(ctx: PageContext, tree: readonly TreeCollection[], collection: TreeCollection, articles: readonly ArticleLink[]): Page {
  const children = childrenOf(tree, collection.id);
  return {
    status: 200,
    title: collection.name,
    description: collection.description || `${articlesLabel(collection.total)} in ${collection.name}.`,
    path: `/collections/${collection.slug}`,
    body: html`${breadcrumbs(ctx, tree, collection.parent_id, null)}<h1>${collection.icon ? html`<span class="icon" aria-hidden="true">${collection.icon}</span>` : ''}${collection.name}</h1>
${collection.description ? html`<p class="meta">${collection.description}</p>` : ''}
${children.length > 0 ? collectionCards(ctx, children) : ''}${children.length > 0 && articles.length > 0 ? html`<h2>Articles</h2>` : ''}
${articles.length > 0 ? articleList(ctx, articles) : ''}`,
  };
}

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export type ArticleView = {
  row: KbArticleRow;
  tree: readonly TreeCollection[];
  collectionId: string | null;
  previous: ArticleLink | null;
  next: ArticleLink | null;
  feedback: 'thanks' | null;
};

/** The article's headings as links: beside the article on a wide screen, folded under its title on a narrow one. */
function tocList(toc: readonly { level: number; id: string; text: string }[]) {
  return html`<ol>${toc.map((entry) => html`<li class="${entry.level === 3 ? 'sub' : ''}"><a href="#${entry.id}">${entry.text}</a></li>`)}</ol>`;
}

export function articlePage(ctx: PageContext, view: ArticleView): Page {
  const { row } = view;
  const title = row.published_title ?? row.title;
  const { html: body, toc } = withHeadingIds(row.published_content ?? '');
  const description = row.description || articleText(row.published_content ?? '').slice(0, 160);
  const path = `/articles/${row.slug}`;
  return {
    status: 200,
    title,
    description,
    path,
    body: html`${breadcrumbs(ctx, view.tree, view.collectionId, title)}<div class="article"><article>
<h1>${title}</h1><p class="meta">Updated ${dateFormat.format(new Date(Number(row.published_at ?? row.updated_at)))}</p>
${toc.length > 1 ? html`<details class="toc-inline"><summary>On this page</summary>${tocList(toc)}</details>` : ''}
<div class="body">${raw(body)}</div>
<nav class="pager" aria-label="More in this collection">${view.previous ? html`<a rel="prev" href="${ctx.base}/articles/${view.previous.slug}">← ${view.previous.title}</a>` : html`<span></span>`}${view.next ? html`<a rel="next" href="${ctx.base}/articles/${view.next.slug}">${view.next.title} →</a>` : ''}</nav>
<form class="helpful" id="feedback" method="post" action="${ctx.base}${path}/feedback">${
      view.feedback === 'thanks'
        ? html`<p role="status">Thanks for your feedback!</p>`
        : html`<span>Was this helpful?</span><button type="submit" name="helpful" value="yes">Yes</button><button type="submit" name="helpful" value="no">No</button>`
    }</form></article>
${toc.length > 1 ? html`<aside class="toc" aria-label="On this page"><strong>On this page</strong>${tocList(toc)}</aside>` : ''}</div>`,
  };
}

export function searchPage(ctx: PageContext, q: string, hits: readonly KnowledgeSearchHit[], corrected: string | null): Page {
  const heading = q.trim() === '' ? 'Search' : `Results for “${q}”`;
  return {
    status: 200,
    title: heading,
    description: `Search the ${ctx.org.settings.name}.`,
    path: `/search`,
    noindex: true,
    q,
    body: html`${breadcrumbs(ctx, [], null, 'Search')}<h1>${heading}</h1>
${corrected ? html`<p class="meta">Showing results for “${corrected}”.</p>` : ''}
${q.trim() === '' ? html`<p>Type a few words above.</p>` : hits.length === 0 ? html`<p>No article matches. Try other words, or contact us.</p>` : articleList(ctx, hits)}`,
  };
}

export function notFoundPage(ctx: PageContext): Page {
  return {
    status: 404,
    title: 'Page not found',
    description: 'This page does not exist.',
    path: '/404',
    noindex: true,
    body: html`<h1>Page not found</h1><p>The page you are looking for does not exist or is no longer published. <a href="${ctx.base}/">Browse all collections</a>.</p>`,
  };
}
