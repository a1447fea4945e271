import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAccountRoutes } from './account/account-routes';
import { registerAcceptInviteRoutes } from './agents/accept-invite-routes';
import { registerAgentsRoutes } from './agents/agents-routes';
import { registerInviteRoutes } from './agents/invite-routes';
import type { AppContext } from './app-context';
import { createAuthLimits } from './auth/auth-limits';
import { registerAuthRoutes } from './auth/auth-routes';
import { registerEmailLinkRoutes } from './auth/email-link-routes';
import { registerTokenRoutes } from './auth/token-routes';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import { registerAuthDecorator } from './http/auth-hook';
import { handleError } from './http/error-handler';
import { registerJsonBodyParser } from './http/json-body-parser';
import { registerPingRoute } from './http/ping-route';
import { redactUrl } from './http/redact-url';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticApp } from './http/static-app';
import { createMailQueue } from './mail/mail-queue';
import type { Mailer } from './mail/mailer';
import { createPublicLinks } from './mail/public-links';
import { registerOrganizationRoutes } from './organization/organization-routes';

export type AppOptions = {
  config: Config;
  /** Migrated already (migrateToLatest); closed by the caller after app.close(). */
  db: Db;
  mailer: Mailer;
  clock?: Clock;
  /** JSON-line logs at this level; false for none. */
  logger?: { level: string } | false;
};

/** The whole HTTP server, not yet listening. Closing it waits for mail still being sent. */
export async function buildApp({ config, db, mailer, clock = systemClock, logger = false }: AppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
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
  const app = Fastify(options);

  const mail = createMailQueue(mailer, app.log);
  const ctx: AppContext = {
    config,
    db,
    clock,
    mail,
    links: createPublicLinks(() => config.publicUrl ?? listeningUrl(app, config.host)),
    limits: createAuthLimits(clock),
  };

  app.setErrorHandler(handleError);
  registerJsonBodyParser(app);
  registerSecurityHeaders(app);
  registerAuthDecorator(app);
  registerPingRoute(app, config.buildId);
  await app.register(
    (api, _options, done) => {
      registerAuthRoutes(api, ctx);
      registerEmailLinkRoutes(api, ctx);
      registerTokenRoutes(api, ctx);
      registerAccountRoutes(api, ctx);
      registerAgentsRoutes(api, ctx);
      registerInviteRoutes(api, ctx);
      registerAcceptInviteRoutes(api, ctx);
      registerOrganizationRoutes(api, ctx);
      done();
    },
    { prefix: '/api' },
  );
  await registerStaticApp(app, config.staticDir);
  app.addHook('onClose', async () => {
    await mail.drain();
  });
  return app;
}

/** With no PUBLIC_URL, links point at the address the server is bound to. */
function listeningUrl(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const linkHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  return `http://${linkHost}:${port}`;
}
