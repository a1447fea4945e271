import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERRORS } from '../../protocol/api/api-errors';

/** Paths the server answers itself; everything else belongs to the single-page app. */
const SERVER_PATHS = /^\/(api|ping|stream|metrics|widget|widget\.js)(\/|$)/;
const PRECOMPRESSED = /\.(br|gz)$/;
const NO_CACHE_FILES = new Set(['index.html', 'sw.js', 'service-worker.js']);

/**
 * Serves the built app from staticDir: existing files as they are, any other GET as index.html
 * so that client routes (`/{domain}/conversations`) load the app. Hashed files under /assets/
 * never change, so browsers may keep them for a year; index.html and the service worker must
 * always be revalidated or an installed app would never see a new version. Files are sent
 * precompressed (brotli, else gzip) to browsers that accept it. Every file carries
 * the app's content policy (content-policy.ts): index.html and the worker scripts enforce it,
 * and the service worker's cached copy of index.html keeps it offline.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string, contentPolicy: string): Promise<void> {
  const built = existsSync(join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      // `npm run build` writes x.br and x.gz next to each file (scripts/compress-app.mjs): the
      // best one the browser accepts is sent, with `Vary: Accept-Encoding`; else the file itself.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Pages and workers enforce it; other files ignore it.
        res.setHeader('content-security-policy', contentPolicy);
        // The same URL answers different bytes per Accept-Encoding: shared caches must know.
        res.setHeader('vary', 'accept-encoding');
        const file = relative(staticDir, path).replace(PRECOMPRESSED, '');
        if (NO_CACHE_FILES.has(basename(file))) res.setHeader('cache-control', 'no-cache');
        else if (file.startsWith(`assets${sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => notFound(request, reply, built));
}

function notFound(request: FastifyRequest, reply: FastifyReply, built: boolean): FastifyReply {
  const path = request.url.split('?')[0] ?? '/';
  const isPage = (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(path);
  if (!isPage) return reply.code(404).send({ error: API_ERRORS.notFound });
  if (!built) {
    return reply.code(503).type('text/plain; charset=utf-8').send('The app is not built yet: run `npm run build`, then reload.\n');
  }
  // A missing hashed asset is a stale or wrong URL, not a page: HTML here would hide the error.
  if (path.startsWith('/assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found.\n');
  return reply.sendFile('index.html');
}
