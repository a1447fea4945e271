import type { FastifyInstance } from 'fastify';

/**
 * Headers on every answer. Links in emails carry tokens in the page URL
 * (`/auth/token/{token}`), so no page may send its URL on as a Referer; API answers carry
 * session tokens and private data, so no cache may keep them.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'no-referrer');
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
