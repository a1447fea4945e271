import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERRORS } from '../../protocol/api/api-errors';

/** Paths the server answers itself; everything else belongs to the single-page app. */
const SERVER_PATHS = /^\/(api|ping|stream|metrics|widget|widget\.js)(\/|$)/;
const NO_CACHE_FILES = new Set(['index.html', 'sw.js', 'service-worker.js']);

/**
 * Serves the built app from staticDir: existing files as they are, any other GET as index.html
 * so that client routes (`/{domain}/conversations`) load the app. Hashed files under /assets/
 * never change, so browsers may keep them for a year; index.html and the service worker must
 * always be revalidated or an installed app would never see a new version.
 */
export async function registerStaticApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(join(staticDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      setHeaders: (res, path) => {
        const file = relative(staticDir, path);
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
