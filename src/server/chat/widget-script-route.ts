import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { WIDGET_SCRIPT_PATH } from '../../protocol/widget';

type BuiltScript = { mtimeMs: number; body: Buffer; etag: string };

/**
 * `GET /widget.js`: the chat widget that customers' pages embed (built from src/widget by
 * scripts/build-widget.mjs into the static directory). Any origin may load it; browsers keep it
 * five minutes and then revalidate with its ETag, so a new build reaches websites quickly.
 */
export function registerWidgetScriptRoute(app: FastifyInstance, staticDir: string): void {
  const file = join(staticDir, 'widget.js');
  let cached: BuiltScript | null = null;

  app.get(WIDGET_SCRIPT_PATH, async (request, reply) => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      return reply.code(503).type('text/plain; charset=utf-8').send('The chat widget is not built yet: run `npm run build`.\n');
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const body = await readFile(file);
      cached = { mtimeMs, body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` };
    }
    void reply
      .header('cache-control', 'public, max-age=300')
      .header('etag', cached.etag)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').send(cached.body);
  });
}
