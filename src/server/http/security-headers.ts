import type { FastifyInstance } from 'fastify';
import { DATA_CONTENT_POLICY } from './content-policy';

const CSP = 'content-security-policy';

/**
 * Headers on every answer. Links in emails carry tokens in the page URL
 * (`/auth/token/{token}`), so no page may send its URL on as a Referer; API answers carry
 * session tokens and private data, so no cache may keep them. Nothing this server answers may be
 * framed (clickjacking): frame-ancestors, and X-Frame-Options for browsers that predate it. The
 * app's files carry the app's policy (static-app.ts); any other answer gets the data policy.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'no-referrer');
    void reply.header('x-frame-options', 'DENY');
    // @fastify/static sets the app's headers on the raw response.
    if (!reply.hasHeader(CSP) && !reply.raw.hasHeader(CSP)) void reply.header(CSP, DATA_CONTENT_POLICY);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
