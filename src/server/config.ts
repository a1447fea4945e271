import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { loadChannelConfig, type ChannelConfig } from './channels/channel-config';
import { ConfigError } from './config-error';
import { loadContentConfig, type ContentConfig } from './content/content-config';
import { loadNotificationConfig, type NotificationConfig } from './notifications/notification-config';
import { loadIntegrationConfig, type IntegrationConfig } from './integrations/integration-config';
import { LOGIN_MAX_ATTEMPTS_PER_IP, PENDING_MESSAGE_DELAY_S, RELEASE_GRACE_S, REPLY_HOLD_MAX_S, REPLY_HOLD_MIN_S } from '../protocol/constants';
import { DEFAULT_PASSWORD_HASH_COST } from './auth/password-hash';
import { parseHosting, type Hosting } from './organization/hosting-plan';
import { BOOTSTRAP_STALL_MS, BOOTSTRAP_WINDOW_DOCS } from './realtime/bootstrap-pace';
import { DEFAULT_FIRST_SCREEN_WAIT_MS } from './realtime/paint-acks';

export type TrustProxy = boolean | string;

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** null: SQLite at `${dataDir}/inbox.sqlite`. */
  databaseUrl: string | null;
  /** null: `http://{host}:{bound port}`, known only once the server listens. */
  publicUrl: string | null;
  /** null: emails are written as .eml files under `${dataDir}/mail`. */
  smtpUrl: string | null;
  mailFrom: string;
  staticDir: string;
  logLevel: string;
  trustProxy: TrustProxy;
  buildId: string;
  /** null: GET /metrics answers only requests straight from this machine; else it needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** How often each instance looks for due jobs (held sends) scheduled by any instance. */
  jobPollMs: number;
  /** How long a held reply waits past its delay for its device's release (RELEASE_GRACE_S). */
  releaseGraceMs: number;
  /** How long a non-chat reply is held, undoable, before it goes out (seconds; PENDING_MESSAGE_DELAY_S by default). */
  replyHoldS: number;
  /** Email channels: inbound SMTP and webhook, DNS verification (channels/channel-config.ts). */
  channels: ChannelConfig;
  /** Where browsers report violations of the app's content policy; null: nowhere. */
  cspReportUri: string | null;
  /** How often each instance announces its presence state to the others (PostgreSQL only). */
  presenceHeartbeatMs: number;
  /** How long a bootstrap waits for the browser's PAINTED before sending the rest (realtime/paint-acks.ts). */
  firstScreenWaitMs: number;
  /** How many documents a paced bootstrap lets the client have unwritten (realtime/bootstrap-pace.ts). */
  bootstrapWindowDocs: number;
  /** How long a paced bootstrap waits for the client's WRITTEN before it sends on anyway (realtime/bootstrap-pace.ts). */
  bootstrapStallMs: number;
  /** The worker threads that parse mail and clean HTML (content/content-config.ts). */
  content: ContentConfig;
  /** Web push keys and the email digest's pace (notifications/notification-config.ts). */
  notifications: NotificationConfig;
  /** Integrations (Stripe): the key that encrypts their secrets at rest, and Stripe's API address. */
  integrations: IntegrationConfig;
  /** New password hashes cost 2^this scrypt rounds (auth/password-hash.ts). */
  passwordHashCost: number;
  /** Sign-in attempts one client IP may make per minute (LOGIN_MAX_ATTEMPTS_PER_IP). */
  loginAttemptsPerIp: number;
  /** self-hosted: every organization is premium; hosted: new ones start on a trial (organization/hosting-plan.ts). */
  hosting: Hosting;
};

export { ConfigError };


const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Configuration from the environment. Every variable is optional:
 *
 * - PORT         port to listen on (3000; 0 picks a free port, printed in the "Server listening" log)
 * - HOST         address to listen on (127.0.0.1; use 0.0.0.0 in a container)
 * - DATA_DIR     where the SQLite database and development emails live (./data)
 * - DATABASE_URL postgres://user:pass@host:5432/db for PostgreSQL; unset uses SQLite
 *                (DATA_DIR/inbox.sqlite, WAL mode)
 * - PUBLIC_URL   the address users open, used for links in emails (http://127.0.0.1:PORT);
 *                never taken from a request's Host header
 * - SMTP_URL     outgoing mail, e.g. smtps://user:pass@smtp.example.com:465; unset writes each
 *                email as an .eml file under DATA_DIR/mail and logs its link
 * - MAIL_FROM    sender of emails ("Support Inbox <no-reply@{PUBLIC_URL host}>", or
 *                no-reply@localhost when that host is an IP address or has no dot)
 * - STATIC_DIR   the built app to serve (<project>/dist/app)
 * - LOG_LEVEL    fatal, error, warn, info, debug, trace or silent (info); logs are JSON lines
 * - TRUST_PROXY  behind a reverse proxy: true (trust every X-Forwarded-For hop) or a comma-separated
 *                list of proxy addresses/CIDRs ("loopback", "10.0.0.0/8"); false by default. Decides
 *                the client IP used by the per-IP rate limits.
 * - BUILD_ID     build identifier reported by GET /ping and the stream's VERSION (the package version)
 * - METRICS_TOKEN when set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; unset, it answers
 *                only requests straight from this machine (loopback, not relayed by a proxy)
 * - JOB_POLL_MS  how often due jobs are looked for, in milliseconds (1000); a job scheduled by this
 *                instance is also run on time without waiting for a poll
 * - RELEASE_GRACE_MS how long a held reply waits past its delay for its device to release it,
 *                before it goes out anyway (60000); tests shorten it
 * - REPLY_HOLD_S how long an email reply is held, with Undo, before it goes out, in whole seconds
 *                (10, the spec's; 1 to 60); chat replies are never held. Browsers are told it on
 *                the stream (READY) and use the last value they heard, offline too
 * - SMTP_INBOUND_PORT, INBOUND_WEBHOOK_SECRET, DNS_SERVERS, EMAIL_… : email channels, see
 *                channels/channel-config.ts
 * - CSP_REPORT_URI where browsers POST reports of content-policy violations (an http(s) URL or a
 *                path); unset, violations are not reported
 * - PRESENCE_HEARTBEAT_MS how often an instance announces its presence state to the others on
 *                PostgreSQL (10000); an instance not heard from for three times as long is dropped
 * - FIRST_SCREEN_WAIT_MS how long a first sync waits for the browser to say it wrote the agent's
 *                first screen before it sends the rest of the organization anyway (2000; 0 sends it
 *                at once)
 * - BOOTSTRAP_WINDOW_DOCS how many documents of a first sync the server sends ahead of what the
 *                browser says it has written (25000): the rest follows as fast as the device writes
 * - BOOTSTRAP_STALL_MS how long a first sync waits for a browser that says nothing more before
 *                it sends the next documents anyway (30000)
 * - PARSE_WORKERS, PARSE_TIME_LIMIT_MS: the content workers, see content/content-config.ts
 * - VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, NOTIFICATION_DIGEST_MS: notifications, see
 *                notifications/notification-config.ts
 * - PASSWORD_HASH_COST scrypt's cost for new password hashes as a power of two (15; 10–20); each
 *                step down halves what a guess costs an attacker, so lower it only for test installs
 * - LOGIN_MAX_ATTEMPTS_PER_IP sign-in attempts one client IP may make per minute (20), right or
 *                wrong; raise it when many people sign in from one address (an office behind NAT,
 *                a test run) — wrong passwords stay limited per account and source
 * - HOSTING      self-hosted (default: every organization is premium, with no trial) or hosted (a
 *                service offering the inbox: a new organization starts on a 14-day trial)
 */
export function loadConfig(env: NodeJS.ProcessEnv, projectRoot: string): Config {
  const port = parsePort(env.PORT);
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? './data');
  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  const publicUrl = parsePublicUrl(env.PUBLIC_URL);
  const logLevel = nonEmpty(env.LOG_LEVEL) ?? 'info';
  const smtpUrl = parseSmtpUrl(env.SMTP_URL);
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const mailFrom = nonEmpty(env.MAIL_FROM) ?? defaultMailFrom(publicUrl);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl,
    smtpUrl,
    mailFrom,
    staticDir: resolve(nonEmpty(env.STATIC_DIR) ?? join(projectRoot, 'dist', 'app')),
    logLevel,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    buildId: nonEmpty(env.BUILD_ID) ?? packageVersion(projectRoot),
    metricsToken: nonEmpty(env.METRICS_TOKEN) ?? null,
    jobPollMs: parseMilliseconds(env.JOB_POLL_MS, 'JOB_POLL_MS', { fallback: 1000, min: 10, max: 3_600_000 }),
    releaseGraceMs: parseMilliseconds(env.RELEASE_GRACE_MS, 'RELEASE_GRACE_MS', { fallback: RELEASE_GRACE_S * 1000, min: 0, max: 3_600_000 }),
    replyHoldS: parseWholeNumber(env.REPLY_HOLD_S, 'REPLY_HOLD_S', { fallback: PENDING_MESSAGE_DELAY_S, min: REPLY_HOLD_MIN_S, max: REPLY_HOLD_MAX_S }, 'seconds'),
    channels: loadChannelConfig(env, { host, smtpUrl }),
    cspReportUri: parseReportUri(env.CSP_REPORT_URI),
    presenceHeartbeatMs: parseMilliseconds(env.PRESENCE_HEARTBEAT_MS, 'PRESENCE_HEARTBEAT_MS', { fallback: 10_000, min: 100, max: 600_000 }),
    firstScreenWaitMs: parseMilliseconds(env.FIRST_SCREEN_WAIT_MS, 'FIRST_SCREEN_WAIT_MS', { fallback: DEFAULT_FIRST_SCREEN_WAIT_MS, min: 0, max: 60_000 }),
    bootstrapWindowDocs: parseWholeNumber(env.BOOTSTRAP_WINDOW_DOCS, 'BOOTSTRAP_WINDOW_DOCS', { fallback: BOOTSTRAP_WINDOW_DOCS, min: 1, max: 10_000_000 }, 'documents'),
    bootstrapStallMs: parseMilliseconds(env.BOOTSTRAP_STALL_MS, 'BOOTSTRAP_STALL_MS', { fallback: BOOTSTRAP_STALL_MS, min: 1, max: 600_000 }),
    content: loadContentConfig(env),
    notifications: loadNotificationConfig(env, mailFrom),
    integrations: loadIntegrationConfig(env),
    passwordHashCost: parseWholeNumber(env.PASSWORD_HASH_COST, 'PASSWORD_HASH_COST', { fallback: DEFAULT_PASSWORD_HASH_COST, min: 10, max: 20 }, 'doublings of scrypt\'s work'),
    loginAttemptsPerIp: parseWholeNumber(env.LOGIN_MAX_ATTEMPTS_PER_IP, 'LOGIN_MAX_ATTEMPTS_PER_IP', { fallback: LOGIN_MAX_ATTEMPTS_PER_IP, min: 1, max: 100_000 }, 'sign-in attempts'),
    hosting: parseHosting(env.HOSTING),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(value: string | undefined): number {
  const raw = nonEmpty(value);
  if (raw === undefined) return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('PORT must be a port number');
  return port;
}

function parseMilliseconds(value: string | undefined, name: string, range: { fallback: number; min: number; max: number }): number {
  return parseWholeNumber(value, name, range, 'milliseconds');
}

function parseWholeNumber(value: string | undefined, name: string, range: { fallback: number; min: number; max: number }, unit: string): number {
  const raw = nonEmpty(value);
  if (raw === undefined) return range.fallback;
  const number = Number(raw);
  if (!Number.isInteger(number) || number < range.min || number > range.max) {
    throw new ConfigError(`${name} must be a number of ${unit} (${range.min} to ${range.max})`);
  }
  return number;
}

/** A report URI goes into a header: an http(s) URL or a path of visible ASCII, without `;` or `,`. */
function parseReportUri(value: string | undefined): string | null {
  const raw = nonEmpty(value);
  if (raw === undefined) return null;
  const plain = /^[!-~]+$/.test(raw) && !/[;,]/.test(raw);
  if (!plain || !(raw.startsWith('/') || (/^https?:\/\//.test(raw) && URL.canParse(raw)))) {
    throw new ConfigError('CSP_REPORT_URI must be an http(s) URL or a path');
  }
  return raw;
}

function parseDatabaseUrl(value: string | undefined): string | null {
  const raw = nonEmpty(value);
  if (raw === undefined) return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite)');
  }
  return raw;
}

function parsePublicUrl(value: string | undefined): string | null {
  const raw = nonEmpty(value);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('PUBLIC_URL must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('PUBLIC_URL must be an absolute http(s) URL');
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function parseSmtpUrl(value: string | undefined): string | null {
  const raw = nonEmpty(value);
  if (raw === undefined) return null;
  if (!/^smtps?:\/\//.test(raw)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  return raw;
}

function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = nonEmpty(value);
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  // Fastify cannot check the nearest peer with a bare hop count, so it trusts nobody then.
  if (/^[0-9]+$/.test(raw)) throw new ConfigError('TRUST_PROXY must be true, false or a list of proxy addresses');
  return raw;
}

function defaultMailFrom(publicUrl: string | null): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  const domain = host.includes('.') && isIP(host) === 0 ? host : 'localhost';
  return `Support Inbox <no-reply@${domain}>`;
}

function packageVersion(projectRoot: string): string {
  try {
    const json: unknown = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
    if (json && typeof json === 'object' && 'version' in json && typeof json.version === 'string') {
      return json.version;
    }
  } catch {
    // A missing package.json only loses the build id.
  }
  return 'unknown';
}
