import type { Article } from '../../src/protocol/documents';
import { startSeededServer } from './bench-server';
import { ms, percentile, report } from './stats';

const ARTICLES = 5_000;
const COLLECTIONS = 50;
const WRITERS = 8;
const REQUESTS = 1_000;
const CLIENTS = 8;

const WORDS = [
  'account', 'billing', 'invoice', 'refund', 'shipping', 'delivery', 'password', 'security', 'team', 'invite', 'export', 'import',
  'report', 'dashboard', 'widget', 'email', 'domain', 'integration', 'webhook', 'mobile', 'notification', 'subscription', 'upgrade',
  'cancel', 'trial', 'payment', 'card', 'receipt', 'tax', 'vat', 'language', 'timezone', 'schedule', 'holiday', 'order', 'tracking',
];
const word = (n: number) => WORDS[n % WORDS.length] ?? 'help';
const title = (n: number) => `${word(n)} ${word(n * 7 + 3)} guide ${n}`;
/** Filler words (about 3,000 made of syllables), so that a text's words are not every article's. */
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'do', 'fe', 'gu', 'hi'];
const filler = (n: number) => [0, 1, 2].map((i) => SYLLABLES[Math.floor(n / SYLLABLES.length ** i) % SYLLABLES.length] ?? '').join('');
/** Mostly filler, with a topic word now and then. */
const textWord = (n: number) => (n % 9 === 0 ? word(n / 9) : filler((n * 7919) % 2744));

function content(n: number): string {
  const paragraph = (k: number) => `<p>${Array.from({ length: 40 }, (_, i) => textWord(n * 131 + k * 41 + i)).join(' ')}.</p>`;
  return `<h2>Overview</h2>${paragraph(1)}${paragraph(2)}<h2>Step by step</h2><ol><li>${word(n)}</li><li>${word(n + 1)}</li></ol>${paragraph(3)}<h3>Details</h3>${paragraph(4)}<div data-callout="info"><p>${paragraph(5)}</p></div>`;
}

/** Runs `count` requests over `clients` connections at once; resolves to each one's server time and the wall time. */
async function load(paths: readonly string[], count: number, clients: number, origin: string): Promise<{ server: number[]; total: number[]; wallMs: number }> {
  const server: number[] = [];
  const total: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const path = paths[next++ % paths.length] ?? '/';
        const sent = performance.now();
        const response = await fetch(`${origin}${path}`);
        await response.text();
        total.push(performance.now() - sent);
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        const timing = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
        if (timing?.[1]) server.push(Number(timing[1]));
      }
    }),
  );
  return { server, total, wallMs: performance.now() - started };
}

/**
 * help-center: the public help center of an organization with 5,000 published articles in 50
 * collections: article pages and searches (prefix words, a typo, several words), each answered
 * `REQUESTS` times over `CLIENTS` connections. Server time is the page's own Server-Timing
 * (reading and rendering); requests/s is over the wall time of the run, on the production build.
 */
export async function benchHelpCenter(): Promise<void> {
  const bench = await startSeededServer(10, 2);
  try {
    const seedStarted = Date.now();
    for (let c = 0; c < COLLECTIONS; c++) await bench.api.post('knowledge/collections/', { id: `kc-${c}`, name: `${word(c)} collection ${c}` });
    const slugs: string[] = [];
    let n = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (n < ARTICLES) {
          const k = n++;
          const created = await bench.api.post<Article>('knowledge/articles/', { id: `ka-${k}`, title: title(k), content: content(k), collections: [`kc-${k % COLLECTIONS}`] });
          if (created.status !== 201) throw new Error(`Article ${k}: ${created.status} ${created.text}`);
          const published = await bench.api.post<Article>(`knowledge/articles/ka-${k}/publish`);
          if (published.status !== 200) throw new Error(`Publish ${k}: ${published.status}`);
          slugs.push(published.body.slug);
        }
      }),
    );
    const seedMs = Date.now() - seedStarted;
    const base = `/help/${bench.seeded.slug}`;
    console.log(`help-center (${ARTICLES} published articles in ${COLLECTIONS} collections, made in ${(seedMs / 1000).toFixed(1)} s; ${REQUESTS} requests over ${CLIENTS} connections)`);

    const articlePaths = slugs.filter((_, i) => i % 7 === 0).map((slug) => `${base}/articles/${slug}`);
    await load(articlePaths.slice(0, 50), 100, CLIENTS, bench.server.url);
    const pages = await load(articlePaths, REQUESTS, CLIENTS, bench.server.url);
    report('help-center article page', {
      'server p50': ms(percentile(pages.server, 50)),
      'server p95': ms(percentile(pages.server, 95)),
      'response p95': ms(percentile(pages.total, 95)),
      'req/s': Math.round((REQUESTS / pages.wallMs) * 1000),
    }, 'server p95 < 50 ms');

    // Prefixes, a typo, two words, a word found nowhere, filler words of a few articles.
    const queries = ['refund', 'pass', 'shiping', 'invoice tax', 'deliv track', 'webhook integration', 'zzyzx', 'acc', 'kalomi', 'zeruti vopado'];
    const searchPaths = queries.map((q) => `${base}/search?q=${encodeURIComponent(q)}`);
    const searches = await load(searchPaths, REQUESTS, CLIENTS, bench.server.url);
    report('help-center search', {
      'server p50': ms(percentile(searches.server, 50)),
      'server p95': ms(percentile(searches.server, 95)),
      'response p95': ms(percentile(searches.total, 95)),
      'req/s': Math.round((REQUESTS / searches.wallMs) * 1000),
    });

    const home = await load([`${base}/`], 200, CLIENTS, bench.server.url);
    report('help-center home', { 'server p50': ms(percentile(home.server, 50)), 'server p95': ms(percentile(home.server, 95)), 'req/s': Math.round((200 / home.wallMs) * 1000) });
  } finally {
    await bench.server.stop();
  }
}
