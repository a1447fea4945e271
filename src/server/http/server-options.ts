import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { redactUrl } from './redact-url';

/** Fastify's options: JSON-line logs at `logger.level` (false: none), with tokens out of logged URLs. */
export function serverOptions(config: Config, logger: { level: string } | false): FastifyServerOptions {
  return {
    logger: logger && {
      level: logger.level,
      serializers: {
        req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  };
}

/** With no PUBLIC_URL, links point at the address the server is bound to. */
export function listeningUrl(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const linkHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  return `http://${linkHost}:${port}`;
}
