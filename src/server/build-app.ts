import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAppServices, type AppOptions } from './app-services';
import { registerAuthDecorator } from './http/auth-hook';
import { registerCompression, SOCKET_COMPRESSION } from './http/compression';
import { appContentPolicy } from './http/content-policy';
import { registerControlCharacterGuard } from './http/control-character-guard';
import { handleError } from './http/error-handler';
import { registerJsonBodyParser } from './http/json-body-parser';
import { registerPingRoute } from './http/ping-route';
import { registerSecurityHeaders } from './http/security-headers';
import { serverOptions } from './http/server-options';
import { registerStaticApp } from './http/static-app';
import { registerMetricsRoute } from './metrics/metrics-route';
import { apiRoutes, rootRoutes } from './server-modules';
import { shutdownStep } from './shutdown-stage';

/**
 * The whole HTTP server, not yet listening: the shared services, then every module's routes and
 * jobs (server-modules.ts). Once ready it runs due jobs and (on PostgreSQL) listens for other
 * instances' changes; closing it closes the stream sockets, stops both and waits for mail still
 * being sent, so the caller may close the database afterwards.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, logger = false } = options;
  const app = Fastify(serverOptions(config, logger));
  const { ctx, instances } = createAppServices(app, options);
  const { vapidKeys, jobs, streamSessions, channels, content, mail } = ctx;

  app.setErrorHandler(handleError);
  registerJsonBodyParser(app);
  registerControlCharacterGuard(app);
  registerSecurityHeaders(app);
  registerAuthDecorator(app);
  registerPingRoute(app, config.buildId);
  registerMetricsRoute(app, ctx);
  await registerCompression(app);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: SOCKET_COMPRESSION } });
  for (const register of rootRoutes()) register(app, ctx);
  await app.register(
    (api, _options, done) => {
      for (const register of apiRoutes()) register(api, ctx);
      done();
    },
    { prefix: '/api' },
  );
  await registerStaticApp(app, config.staticDir, appContentPolicy(config.cspReportUri));
  app.addHook('onReady', async () => {
    await vapidKeys();
    jobs.start();
    instances.start();
    streamSessions.start();
    await channels.start();
  });
  app.addHook('onClose', async () => {
    await shutdownStep('running jobs', () => jobs.stop());
    await shutdownStep('email channels (the SMTP server and its sessions)', () => channels.stop());
    // After the SMTP server: its last sessions may still need a worker.
    await shutdownStep('content workers', () => content.close());
    await shutdownStep('stream sessions', () => streamSessions.stop());
    await instances.stop();
    await shutdownStep('outgoing mail queue', () => mail.drain());
  });
  return app;
}
