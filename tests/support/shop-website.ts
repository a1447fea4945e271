import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export type ShopWebsiteOptions = {
  /** The inbox server whose /widget.js the page embeds. */
  serverUrl: () => string;
  /** The organization whose widget the page embeds; by default the one named in the page's path (`/acme`). */
  org?: () => string;
  /** Extra markup: in the head (a style) and in the body before the widget. */
  head?: string;
  body?: string;
};

/**
 * A customer's website on another origin (another host and port, `http://localhost:<port>/`)
 * whose pages embed the chat widget, started before the file's tests and stopped after them.
 * `url()` is the home page; `url('acme')` embeds organization `acme`'s widget.
 */
export function useShopWebsite(options: ShopWebsiteOptions): { url: (org?: string) => string } {
  let origin = '';
  const website = createServer((request, response) => {
    const org = options.org?.() ?? (request.url ?? '/').slice(1).replace(/[^a-z0-9-]/g, '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme shop</title>${options.head ?? ''}</head>
      <body><h1>Acme shop</h1>${options.body ?? ''}
      <script src="${options.serverUrl()}/widget.js" data-org="${org}" async></script></body></html>`);
  });
  beforeAll(async () => {
    if (!existsSync('dist/app/widget.js')) throw new Error('dist/app/widget.js is missing: run `npm run build` before the browser tests.');
    await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(website.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => website.close(resolve));
  });
  return { url: (org = '') => `${origin}/${org}` };
}
