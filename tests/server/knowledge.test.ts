import { request as httpRequest } from 'node:http';
import { expect, it } from 'vitest';
import type { KnowledgeSettings, KnowledgeStructure } from '../../src/protocol/api/knowledge-requests';
import { SESSION_HEADER } from '../../src/protocol/api/routes';
import type { Article, KnowledgeCollection } from '../../src/protocol/documents';
import { MUTATION_HEADER } from '../../src/protocol/realtime';
import { openWidget } from '../support/widget-client';
import { describeEachDatabase, uid, useServerSuite, type SignedUp } from './server-suite';
import { invitedTeammate } from './teammates';

/** A GET with another Host header, as a custom domain's visitor sends it (fetch always sends the URL's). */
function withHost(url: string, host: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { host } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end();
  });
}

const mutation = () => ({ [SESSION_HEADER]: `session-${uid()}`, [MUTATION_HEADER]: `mutation-${uid()}` });

describeEachDatabase('knowledge base', (database) => {
  const suite = useServerSuite(database);
  const page = (path: string, init?: RequestInit) => fetch(`${suite.server.url}${path}`, { redirect: 'manual', ...init });
  const structure = async (owner: SignedUp) => (await owner.api.get<KnowledgeStructure>('knowledge/structure')).body;
  const feedOf = (headers: ReturnType<typeof mutation>) =>
    suite.db().selectFrom('changes').select(['col', 'action', 'doc_id']).where('mutation_id', '=', headers[MUTATION_HEADER]).orderBy('seq').execute();

  async function publishedArticle(owner: SignedUp, fields: { id: string; title: string; content: string; collections?: string[] }): Promise<Article> {
    const created = await owner.api.post<Article>('knowledge/articles/', { collections: [], ...fields });
    expect(created.status).toBe(201);
    const published = await owner.api.post<Article>(`knowledge/articles/${fields.id}/publish`);
    expect(published.status).toBe(200);
    return published.body;
  }

  it('answers the structure with collections, articles and their places, each write in the feed once', async () => {
    const owner = await suite.signUp();
    const headers = mutation();
    const created = await owner.api.post<KnowledgeCollection>('knowledge/collections/', { id: 'kc-billing', name: 'Billing & Payments', icon: '💳' }, { headers });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'kc-billing', slug: 'billing-payments', parent_id: null, sort: 0, icon: '💳' });
    expect(await feedOf(headers)).toEqual([{ col: 'collections', action: 'insert', doc_id: 'kc-billing' }]);
    await owner.api.post('knowledge/collections/', { id: 'kc-refunds', name: 'Refunds', parent_id: 'kc-billing' });

    const article = await owner.api.post<Article>('knowledge/articles/', { id: 'ka-1', title: 'How refunds work', content: '<p>Within 30 days.</p>', collections: ['kc-refunds'] });
    expect(article.body).toMatchObject({ slug: 'how-refunds-work', published: false, url: null, collections: [{ collection_id: 'kc-refunds', sort: 0 }] });

    const answer = await structure(owner);
    expect(answer.base_url).toBe(`${suite.server.url}/help/${owner.domain}`);
    expect(answer.collections.map((c) => `${c.parent_id ?? '-'}/${c.id}`).sort()).toEqual(['-/kc-billing', 'kc-billing/kc-refunds']);
    expect(answer.articles.map((a) => a.id)).toEqual(['ka-1']);
    expect(answer.article_in_collections).toEqual([{ article_id: 'ka-1', collection_id: 'kc-refunds', sort: 0 }]);

    const moveHeaders = mutation();
    const moved = await owner.api.patch<{ collections: KnowledgeCollection[] }>('knowledge/collections/kc-refunds/position', { id: 'kc-refunds', position: 0, parent_id: null }, { headers: moveHeaders });
    expect(moved.status).toBe(200);
    expect((await structure(owner)).collections.map((c) => `${c.parent_id ?? '-'}/${c.sort}:${c.id}`).sort()).toEqual(['-/0:kc-refunds', '-/1:kc-billing']);
    const cycle = await owner.api.patch('knowledge/collections/kc-billing/position', { id: 'kc-billing', position: 0, parent_id: 'kc-billing' });
    expect(cycle.status).toBe(400);

    const deleteHeaders = mutation();
    expect((await owner.api.delete('knowledge/collections/kc-refunds', { headers: deleteHeaders })).status).toBe(200);
    expect(await feedOf(deleteHeaders)).toEqual([
      { col: 'articles', action: 'update', doc_id: 'ka-1' },
      { col: 'collections', action: 'delete', doc_id: 'kc-refunds' },
    ]);
    expect((await structure(owner)).articles[0]?.collections).toEqual([]);
  });

  it("keeps every organization's knowledge base its own: another's ids answer 404 and its help center never shows them", async () => {
    const owner = await suite.signUp();
    const other = await suite.signUp();
    await owner.api.post('knowledge/collections/', { id: 'kc-mine', name: 'Mine' });
    await publishedArticle(owner, { id: 'ka-mine', title: 'Secret plans', content: '<p>Only ours.</p>', collections: ['kc-mine'] });
    expect((await other.api.patch('knowledge/articles/ka-mine', { title: 'Stolen' })).status).toBe(404);
    expect((await other.api.post('knowledge/articles/ka-mine/publish')).status).toBe(404);
    expect((await other.api.delete('knowledge/collections/kc-mine')).status).toBe(404);
    expect((await other.api.post('knowledge/articles/', { id: 'ka-x', title: 'X', collections: ['kc-mine'] })).status).toBe(400);
    expect((await structure(other)).articles).toEqual([]);
    expect((await page(`/help/${other.domain}/articles/secret-plans`)).status).toBe(404);
    expect(await (await page(`/help/${other.domain}/search?q=secret`)).text()).not.toContain('Secret plans');
    expect((await page(`/help/${owner.domain}/articles/secret-plans`)).status).toBe(200);
  });

  it('serves a published article as a page with its title, canonical address, contents and neighbours, and never a draft', async () => {
    const owner = await suite.signUp();
    await owner.api.post('knowledge/collections/', { id: 'kc-start', name: 'Getting started', description: 'First steps' });
    await publishedArticle(owner, { id: 'ka-a', title: 'Create an account', content: '<p>Sign up.</p>', collections: ['kc-start'] });
    await publishedArticle(owner, {
      id: 'ka-b',
      title: 'Invite your team',
      content: '<h2>Send invitations</h2><p>Open Team.</p><h3>Roles</h3><p>Pick one.</p><div data-callout="warning"><p>Careful</p></div>',
      collections: ['kc-start'],
    });
    await owner.api.post('knowledge/articles/', { id: 'ka-draft', title: 'Unfinished thoughts', content: '<p>Not yet.</p>', collections: ['kc-start'] });

    const response = await page(`/help/${owner.domain}/articles/invite-your-team`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const html = await response.text();
    expect(html).toContain('<title>Invite your team |');
    expect(html).toContain(`<link rel="canonical" href="${suite.server.url}/help/${owner.domain}/articles/invite-your-team">`);
    expect(html).toContain('<h2 id="send-invitations">Send invitations</h2>');
    expect(html).toContain('<a href="#roles">Roles</a>');
    expect(html).toContain('<div data-callout="warning">');
    expect(html).toContain(`rel="prev" href="/help/${owner.domain}/articles/create-an-account"`);
    expect(html).toContain('Was this helpful?');

    const home = await (await page(`/help/${owner.domain}/`)).text();
    expect(home).toContain('Getting started');
    expect(home).toContain('2 articles');
    const collection = await (await page(`/help/${owner.domain}/collections/getting-started`)).text();
    expect(collection).toContain('Create an account');
    expect(collection).not.toContain('Unfinished thoughts');
    expect((await page(`/help/${owner.domain}/articles/unfinished-thoughts`)).status).toBe(404);

    const sitemap = await (await page(`/help/${owner.domain}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${suite.server.url}/help/${owner.domain}/articles/invite-your-team</loc>`);
    expect(sitemap).not.toContain('unfinished-thoughts');

    // A draft edit of a published article does not change the live page until it is published.
    await owner.api.patch('knowledge/articles/ka-a', { content: '<p>A new way to sign up.</p>' });
    expect(await (await page(`/help/${owner.domain}/articles/create-an-account`)).text()).toContain('<p>Sign up.</p>');
    await owner.api.post('knowledge/articles/ka-a/unpublish');
    expect((await page(`/help/${owner.domain}/articles/create-an-account`)).status).toBe(404);
    expect(await (await page(`/help/${owner.domain}/sitemap.xml`)).text()).not.toContain('create-an-account');
  });

  it('redirects the old address of a renamed article and collection to the new one', async () => {
    const owner = await suite.signUp();
    await owner.api.post('knowledge/collections/', { id: 'kc-a', name: 'Shipping' });
    await publishedArticle(owner, { id: 'ka-r', title: 'Delivery times', content: '<p>Two days.</p>', collections: ['kc-a'] });
    const renamed = await owner.api.patch<Article>('knowledge/articles/ka-r', { slug: 'how-long-delivery-takes' });
    expect(renamed.body.url).toBe(`/help/${owner.domain}/articles/how-long-delivery-takes`);
    const old = await page(`/help/${owner.domain}/articles/delivery-times`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/help/${owner.domain}/articles/how-long-delivery-takes`);
    expect((await page(`/help/${owner.domain}/articles/how-long-delivery-takes`)).status).toBe(200);
    // Renamed again: both old addresses go to the latest.
    await owner.api.patch('knowledge/articles/ka-r', { slug: 'delivery' });
    expect((await page(`/help/${owner.domain}/articles/delivery-times`)).headers.get('location')).toBe(`/help/${owner.domain}/articles/delivery`);
    expect((await page(`/help/${owner.domain}/articles/how-long-delivery-takes`)).headers.get('location')).toBe(`/help/${owner.domain}/articles/delivery`);

    await owner.api.patch('knowledge/collections/kc-a', { slug: 'delivery-and-shipping' });
    const oldCollection = await page(`/help/${owner.domain}/collections/shipping`);
    expect(oldCollection.status).toBe(301);
    expect(oldCollection.headers.get('location')).toBe(`/help/${owner.domain}/collections/delivery-and-shipping`);
    expect((await owner.api.patch('knowledge/articles/ka-r', { slug: 'Not A Slug!' })).status).toBe(400);
  });

  it('sanitises article HTML: a script, an event handler or a javascript: link never reaches the public page', async () => {
    const owner = await suite.signUp();
    const hostile =
      '<p onclick="steal()">Hello<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a><iframe src="https://evil.example"></iframe><style>body{}</style><h2>Safe <em>heading</em></h2>';
    const article = await publishedArticle(owner, { id: 'ka-x', title: 'Hostile <script>', content: hostile });
    expect(article.content).not.toMatch(/script|onclick|onerror|javascript|iframe|<style/i);
    const html = await (await page(`/help/${owner.domain}/articles/${article.slug}`)).text();
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<iframe/i);
    expect(html).toContain('<p>Hello</p>');
    expect(html).toContain('Hostile &lt;script&gt;');
    expect(html).toContain('<a>link</a>');
  });

  it('finds published articles by prefix and despite a typo, the title first, and records every search', async () => {
    const owner = await suite.signUp();
    await publishedArticle(owner, { id: 'ka-1', title: 'Changing your password', content: '<p>Open the account page and pick a new one.</p>' });
    await publishedArticle(owner, { id: 'ka-2', title: 'Account security', content: '<p>Use a strong password and keep it secret.</p>' });
    await publishedArticle(owner, { id: 'ka-3', title: 'Refund policy', content: '<p>Refunds are paid within 30 days.</p>' });
    await owner.api.post('knowledge/articles/', { id: 'ka-4', title: 'Password draft', content: '<p>password</p>' });

    const titles = (html: string) => [...html.matchAll(/<li class="hit"><a href="[^"]+">([^<]+)</g)].map((match) => match[1]);
    const byPrefix = await (await page(`/help/${owner.domain}/search?q=passw`)).text();
    expect(titles(byPrefix)).toEqual(['Changing your password', 'Account security']);
    expect(byPrefix).toContain('<mark>password</mark>');
    const typo = await (await page(`/help/${owner.domain}/search?q=refnd`)).text();
    expect(titles(typo)).toEqual(['Refund policy']);
    expect(typo).toContain('Showing results for “refund”');
    const none = await (await page(`/help/${owner.domain}/search?q=${encodeURIComponent('<b>warranty</b>')}`)).text();
    expect(none).toContain('No article matches');
    expect(none).not.toContain('<b>warranty');

    const searches = await suite.db().selectFrom('kb_searches').select(['query', 'results', 'source']).where('org_id', '=', owner.session.organization.id).orderBy('id').execute();
    expect(searches).toEqual([
      { query: 'passw', results: 2, source: 'help' },
      { query: 'refnd', results: 1, source: 'help' },
      { query: '<b>warranty</b>', results: 0, source: 'help' },
    ]);
  });

  it('keeps an offline edit made after a teammate published as a conflict, both texts kept', async ({ expect }) => {
    const owner = await suite.signUp();
    const created = await owner.api.post<Article>('knowledge/articles/', { id: 'ka-c', title: 'Opening hours', content: '<p>9 to 5.</p>' });
    const base = created.body.version;
    // The teammate is another agent of the same organization: sign one up through an invitation.
    const email = `mate-${uid()}@example.com`;
    await owner.api.post(`agents/invite/${encodeURIComponent(email)}`, { roles: [] });
    const mail = await suite.mail.waitFor((m) => m.to.includes(email));
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
    const accepted = await suite.client().post<{ token: string }>(`invites/${token}/accept`, { name: 'Mate', password: 'teammate password' });
    const teammate = suite.client(accepted.body.token);
    await teammate.patch('knowledge/articles/ka-c', { content: '<p>8 to 6.</p>', base_version: base });
    await teammate.post('knowledge/articles/ka-c/publish');

    // A stale save of the very text that is there now is no conflict.
    const same = await owner.api.patch<Article>('knowledge/articles/ka-c', { content: '<p>8 to 6.</p>', base_version: base });
    expect(same.body.conflict).toBeNull();
    const stale = await owner.api.patch<Article>('knowledge/articles/ka-c', { content: '<p>9 to 5, Mondays off.</p>', base_version: base });
    expect(stale.status).toBe(200);
    expect(stale.body.content).toBe('<p>8 to 6.</p>');
    expect(stale.body.conflict).toMatchObject({ content: '<p>9 to 5, Mondays off.</p>', title: 'Opening hours' });
    // Knowledge needs no role (§6), the KB report does.
    expect((await teammate.get('reporting/kb')).status).toBe(403);
    const resolved = await owner.api.patch<Article>('knowledge/articles/ka-c', { content: '<p>9 to 5, Mondays off.</p>', resolve: true });
    expect(resolved.body).toMatchObject({ content: '<p>9 to 5, Mondays off.</p>', conflict: null });
  });

  it('counts views and helpful answers from the page form, and reports them to agents who may see reports', async ({ expect }) => {
    const owner = await suite.signUp();
    await publishedArticle(owner, { id: 'ka-h', title: 'Reset the router', content: '<p>Unplug it.</p>' });
    await page(`/help/${owner.domain}/articles/reset-the-router`);
    await page(`/help/${owner.domain}/articles/reset-the-router`);
    const voted = await page(`/help/${owner.domain}/articles/reset-the-router/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'helpful=yes',
    });
    expect(voted.status).toBe(303);
    expect(voted.headers.get('location')).toBe(`/help/${owner.domain}/articles/reset-the-router?feedback=thanks#feedback`);
    expect(await (await page(`/help/${owner.domain}/articles/reset-the-router?feedback=thanks`)).text()).toContain('Thanks for your feedback!');
    await page(`/help/${owner.domain}/search?q=modem`);

    type Report = {
      views: { article_id: string; views: number; helpful: number }[];
      views_by_day: { day: string; views: number }[];
      searches_without_result: { query: string; count: number }[];
      helpful: number;
    };
    // Views are written within a second, in batches.
    await expect.poll(async () => (await owner.api.get<Report>('reporting/kb')).body.views, { timeout: 5_000 }).toEqual([expect.objectContaining({ article_id: 'ka-h', views: 2, helpful: 1 })]);
    const report = await owner.api.get<Report>('reporting/kb');
    expect(report.status).toBe(200);
    // Every day of the last 30, in the organization's zone (UTC without business hours).
    const today = new Date().toISOString().slice(0, 10);
    expect(report.body.views_by_day).toHaveLength(30);
    expect(report.body.views_by_day.at(-1)).toEqual({ day: today, views: 2 });
    expect(report.body.views_by_day.filter((day) => day.views > 0)).toHaveLength(1);
    expect(report.body.searches_without_result).toEqual([{ query: 'modem', count: 1 }]);
    // The same range as days: one day only, then a range that ended before the views.
    const oneDay = await owner.api.get<Report>(`reporting/kb?from=${today}&to=${today}`);
    expect(oneDay.body.views_by_day).toEqual([{ day: today, views: 2 }]);
    expect((await owner.api.get<Report>('reporting/kb?from=2020-01-01&to=2020-01-31')).body).toMatchObject({ views: [], searches_without_result: [] });
    expect((await owner.api.get('reporting/kb?from=2020-01-31&to=2020-01-01')).status).toBe(400);
    expect((await owner.api.get('reporting/kb?from=2020-01-01')).status).toBe(400);
    // The article table as CSV, a title a spreadsheet would run as a formula neutralised.
    const formula = await publishedArticle(owner, { id: 'ka-f', title: '=HYPERLINK("http://evil")', content: '<p>Nothing.</p>' });
    await page(`/help/${owner.domain}/articles/${formula.slug}`);
    await expect.poll(async () => (await owner.api.get<Report>('reporting/kb')).body.views.length, { timeout: 5_000 }).toBe(2);
    const csv = await owner.api.get(`reporting/kb/export?from=${today}&to=${today}`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('article_id,title,views,helpful,unhelpful');
    expect(lines).toContain('ka-h,Reset the router,2,1,0');
    expect(lines).toContain(`ka-f,"'=HYPERLINK(""http://evil"")",1,0,0`);
  });

  it('lets the chat widget search and read a published article, counting the read as a deflection', async () => {
    const owner = await suite.signUp();
    await publishedArticle(owner, { id: 'ka-w', title: 'Track your parcel', content: '<p>Use the <b>tracking</b> link.</p><script>x()</script>' });
    const search = await fetch(`${suite.server.url}/widget/kb/search?org=${owner.domain}&q=parcl`);
    expect(search.status).toBe(200);
    expect(search.headers.get('access-control-allow-origin')).toBe('*');
    const { hits } = (await search.json()) as { hits: { slug: string; url: string }[] };
    expect(hits.map((hit) => hit.slug)).toEqual(['track-your-parcel']);
    expect(hits[0]?.url).toBe(`${suite.server.url}/help/${owner.domain}/articles/track-your-parcel`);
    const article = (await (await fetch(`${suite.server.url}/widget/kb/articles/track-your-parcel?org=${owner.domain}`)).json()) as { title: string; html: string };
    expect(article.title).toBe('Track your parcel');
    expect(article.html).not.toContain('script');
    expect((await fetch(`${suite.server.url}/widget/kb/articles/track-your-parcel?org=nobody-${uid()}`)).status).toBe(404);
    const report = await owner.api.get<{ deflections: number; searches: number }>('reporting/kb');
    expect(report.body).toMatchObject({ deflections: 1, searches: 1 });
  });

  it("takes a deflection back when the visitor then writes, and lists a contact's widget reads for the contact panel", async () => {
    const owner = await suite.signUp();
    await owner.api.request('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!' } });
    await publishedArticle(owner, { id: 'ka-a', title: 'Opening hours', content: '<p>9 to 5.</p>' });
    await publishedArticle(owner, { id: 'ka-b', title: 'Return a parcel', content: '<p>Use the label.</p>' });
    const ip = `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    const widget = openWidget(suite.server.url, { org: owner.domain, ip });
    const { visitor } = await widget.ready();
    const deflections = async () => (await owner.api.get<{ deflections: number }>('reporting/kb')).body.deflections;

    await fetch(`${suite.server.url}/widget/kb/articles/opening-hours?org=${owner.domain}&visitor=${visitor}`);
    expect(await deflections()).toBe(1);
    const clientId = `c-${uid()}${uid()}`;
    widget.send({ action: 'send', client_id: clientId, text: 'Are you open on Sundays?' });
    await widget.next((frame) => frame.action === 'sent');
    expect(await deflections()).toBe(0);

    await fetch(`${suite.server.url}/widget/kb/articles/return-a-parcel?org=${owner.domain}&visitor=${visitor}`);
    const conversation = (await owner.api.get<{ conversations: { contact_id: number }[] }>('conversations/')).body.conversations[0];
    const read = await owner.api.get<{ articles: { id: string; title: string; url: string | null }[] }>(`contacts/${conversation?.contact_id ?? 0}/articles`);
    expect(read.body.articles).toEqual([expect.objectContaining({ id: 'ka-b', title: 'Return a parcel', url: `/help/${owner.domain}/articles/return-a-parcel` })]);
    const other = await suite.signUp();
    expect((await other.api.get(`contacts/${conversation?.contact_id ?? 0}/articles`)).status).toBe(404);
    await widget.close();
  });

  it('serves an uploaded picture publicly only while a published article shows it', async () => {
    const owner = await suite.signUp();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const uploaded = await fetch(`${suite.server.url}/api/attachments/?name=dot.png`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.session.token}`, 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: number };
    const src = `/help/${owner.domain}/images/${id}`;
    await owner.api.post('knowledge/articles/', { id: 'ka-img', title: 'With a picture', content: `<p>See:</p><img src="${src}" alt="A dot">` });
    expect((await page(src)).status).toBe(404);
    await owner.api.post('knowledge/articles/ka-img/publish');
    const shown = await page(src);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shown.arrayBuffer()).equals(png)).toBe(true);
    expect(await (await page(`/help/${owner.domain}/articles/with-a-picture`)).text()).toContain(`<img src="${src}" alt="A dot" />`);
    // Another organization's path never serves it.
    const other = await suite.signUp();
    expect((await page(`/help/${other.domain}/images/${id}`)).status).toBe(404);
    await owner.api.post('knowledge/articles/ka-img/unpublish');
    expect((await page(src)).status).toBe(404);
  });

  it('refuses bad input with clear 400s and keeps the settings an agent saves', async () => {
    const owner = await suite.signUp();
    expect((await owner.api.post('knowledge/articles/', { id: 'ka-1', title: '  ' })).body).toEqual({ errors: { title: 'cannot be empty' } });
    expect((await owner.api.post('knowledge/articles/', { id: 'bad id!', title: 'A' })).status).toBe(400);
    expect((await owner.api.post('knowledge/collections/', { id: 'kc-1', name: 'A\u0007' })).status).toBe(400);
    const saved = await owner.api.request<KnowledgeSettings>('PUT', 'knowledge/settings', { body: { name: 'Acme Help', color: '#FF6600', logo: null, base_url: 'https://help.acme.example/', visibility: 'public' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Acme Help', color: '#ff6600', base_url: 'https://help.acme.example', visibility: 'public' });
    const refused = await owner.api.request<{ errors: Record<string, string> }>('PUT', 'knowledge/settings', {
      body: { name: 'X', color: 'red', logo: null, base_url: 'ftp://x', visibility: 'all' },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['base_url', 'color', 'visibility']);
    expect(refused.body.errors['color']).toBe('must be a colour like #1f6feb');
    await publishedArticle(owner, { id: 'ka-d', title: 'Custom domain article', content: '<p>On our domain.</p>' });
    const onDomain = await withHost(`${suite.server.url}/articles/custom-domain-article`, 'help.acme.example');
    expect(onDomain.status).toBe(200);
    const text = onDomain.text;
    expect(text).toContain('<link rel="canonical" href="https://help.acme.example/articles/custom-domain-article">');
    expect(text).toContain('Acme Help');

    await owner.api.request('PUT', 'knowledge/settings', { body: { name: 'Acme Help', color: '#ff6600', logo: null, base_url: null, visibility: 'agents' } });
    expect((await page(`/help/${owner.domain}/articles/custom-domain-article`)).status).toBe(404);
  });

  it('only an administrator takes the help center away from customers; other agents still edit its look', async () => {
    const owner = await suite.signUp();
    await publishedArticle(owner, { id: 'ka-v', title: 'Visible article', content: '<p>For customers.</p>' });
    const settings = { name: 'Acme Help', color: '#ff6600', logo: null, base_url: null };
    const agent = await invitedTeammate(suite, owner);
    const hidden = await agent.request('PUT', 'knowledge/settings', { body: { ...settings, visibility: 'agents' } });
    expect(hidden.status).toBe(403);
    expect(hidden.body).toEqual({ error: 'Only an administrator can change who may read the help center.' });
    expect((await page(`/help/${owner.domain}/articles/visible-article`)).status).toBe(200);
    const renamed = await agent.request<KnowledgeSettings>('PUT', 'knowledge/settings', { body: { ...settings, visibility: 'public' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Acme Help', visibility: 'public' });

    const admin = await invitedTeammate(suite, owner, ['organization.update']);
    expect((await admin.request('PUT', 'knowledge/settings', { body: { ...settings, visibility: 'agents' } })).status).toBe(200);
    expect((await page(`/help/${owner.domain}/articles/visible-article`)).status).toBe(404);
    // Nor does an agent put it back online: the administrator's choice holds both ways.
    expect((await agent.request('PUT', 'knowledge/settings', { body: { ...settings, visibility: 'public' } })).status).toBe(403);
    expect((await agent.request<KnowledgeSettings>('PUT', 'knowledge/settings', { body: { ...settings, name: 'Internal', visibility: 'agents' } })).body).toMatchObject({ name: 'Internal', visibility: 'agents' });
  });
});
