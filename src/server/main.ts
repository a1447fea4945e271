import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './build-app';
import { loadConfig } from './config';
import { migrateToLatest } from './server-migrations';
import { openDatabase } from './db/open-database';
import { createNodemailerMailer } from './mail/nodemailer-mailer';
import { applyHostingPlan } from './organization/hosting-plan';
import { shutdownStage, shutdownStep } from './shutdown-stage';
import { DEFAULT_PASSWORD_HASH_COST, setPasswordHashCost } from './auth/password-hash';

/** Both src/server/main.ts (tsx) and dist/server/main.js (bundle) sit two levels below the project. */
const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** How often a closing server looks for keep-alive connections left idle by a finished answer. */
const IDLE_CHECK_MS = 50;

async function main(): Promise<void> {
  const config = loadConfig(process.env, PROJECT_ROOT);
  setPasswordHashCost(config.passwordHashCost);
  const database = openDatabase(config);
  const mailer = createNodemailerMailer({ from: config.mailFrom, smtpUrl: config.smtpUrl, mailDir: join(config.dataDir, 'mail') });
  const app = await buildApp({ config, db: database.db, mailer, logger: { level: config.logLevel } });
  if (config.passwordHashCost < DEFAULT_PASSWORD_HASH_COST) {
    app.log.warn({ cost: config.passwordHashCost }, `PASSWORD_HASH_COST is below ${DEFAULT_PASSWORD_HASH_COST}: new passwords are cheaper to guess; fit for test installs only`);
  }

  const applied = await migrateToLatest(database);
  app.log.info({ dialect: database.dialect, applied }, 'Database ready');
  const upgraded = await applyHostingPlan(database.db, config.hosting);
  if (upgraded > 0) app.log.info({ organizations: upgraded }, 'Self-hosted: organizations on a trial are premium now');

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'Shutting down');
    setTimeout(() => {
      app.log.error({ waitingFor: shutdownStage() }, 'Shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    // Fastify lets the requests under way finish before its onClose hooks (build-app.ts) run. It
    // closes the idle keep-alive connections as the close starts; one whose answer was still being
    // written (a download) would stay open after it until its keep-alive timeout, holding the
    // close past SHUTDOWN_TIMEOUT_MS: each is closed once idle too.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), IDLE_CHECK_MS);
    await shutdownStep('requests under way', () => app.close()).finally(() => clearInterval(closeIdle));
    mailer.close();
    await shutdownStep('database', () => database.db.destroy());
    app.log.info('Stopped');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      shutdown(signal).catch((error: unknown) => {
        app.log.error({ err: error }, 'Shutdown failed');
        process.exitCode = 1;
      });
    });
  }

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // The logger may not exist yet: write the same JSON-line shape by hand.
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  process.stderr.write(`${JSON.stringify({ level: 60, time: Date.now(), msg: 'Server failed to start', error: message, cause })}\n`);
  process.exit(1);
});
