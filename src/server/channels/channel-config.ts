import { readFileSync } from 'node:fs';
import { ConfigError } from '../config-error';

/** The email channel's part of the configuration (see loadChannelConfig). */
export type ChannelConfig = {
  /** null: no built-in SMTP server; 0 picks a free port (logged as "SMTP inbound listening at …"). */
  smtpInboundPort: number | null;
  /** Address the SMTP server listens on (HOST by default). */
  smtpInboundHost: string;
  /** PEM key and certificate offering STARTTLS on the SMTP server; null: plain SMTP only. */
  smtpInboundTls: { key: string; cert: string } | null;
  /** Largest inbound message in bytes, by SMTP (552) or webhook (413). */
  inboundMaxBytes: number;
  /** null: `POST /api/channels/inbound` answers 404. */
  inboundWebhookSecret: string | null;
  /** DNS servers (`ip` or `ip:port`) for domain verification; empty: the system's. */
  dnsServers: string[];
  /** The host that SPF must name (`include:` or `a:`); null: the SMTP_URL host, or any SPF record. */
  spfInclude: string | null;
  /** The host the domain's MX must point at; null: any MX record. */
  mxHost: string | null;
  dkimSelector: string;
  /** Seals the organizations' DKIM private keys in the database (dkim-keys.ts); null: stored as plain PEM. */
  dkimKeySecret: string | null;
  /** EMAIL_DKIM_PRIVATE_KEY is set: it is no longer used (each organization's domain has its own key), which start-up logs. */
  ignoredDkimPrivateKey: boolean;
};

const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The email channel's environment, every variable optional:
 *
 * - SMTP_INBOUND_PORT     start the built-in SMTP server on this port (0: a free one); unset: none
 * - SMTP_INBOUND_HOST     address it listens on (HOST)
 * - SMTP_INBOUND_TLS_KEY, SMTP_INBOUND_TLS_CERT  PEM files: offer STARTTLS
 * - INBOUND_MAX_BYTES     largest inbound message (26214400 = 25 MiB)
 * - INBOUND_WEBHOOK_SECRET the secret a provider's webhook sends in X-Inbound-Secret; unset: no webhook
 * - DNS_SERVERS           comma-separated resolvers for domain verification (`1.1.1.1`, `127.0.0.1:5353`)
 * - EMAIL_SPF_INCLUDE     host the domain's SPF record must include (the SMTP_URL host)
 * - EMAIL_MX_HOST         host the domain's MX must point at (any MX)
 * - EMAIL_DKIM_SELECTOR   DKIM selector (`inbox`): the key is published at <selector>._domainkey.<domain>
 * - EMAIL_DKIM_KEY_SECRET at least 32 characters: encrypts each domain's DKIM private key in the database
 * - EMAIL_DKIM_PRIVATE_KEY no longer used: replies are signed with the key of their organization's domain
 */
export function loadChannelConfig(env: NodeJS.ProcessEnv, defaults: { host: string; smtpUrl: string | null }): ChannelConfig {
  const tlsKey = nonEmpty(env.SMTP_INBOUND_TLS_KEY);
  const tlsCert = nonEmpty(env.SMTP_INBOUND_TLS_CERT);
  if (Boolean(tlsKey) !== Boolean(tlsCert)) throw new ConfigError('SMTP_INBOUND_TLS_KEY and SMTP_INBOUND_TLS_CERT go together');
  const selector = nonEmpty(env.EMAIL_DKIM_SELECTOR) ?? 'inbox';
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(selector)) throw new ConfigError('EMAIL_DKIM_SELECTOR must be a DNS label');
  return {
    smtpInboundPort: parseOptionalPort(env.SMTP_INBOUND_PORT),
    smtpInboundHost: nonEmpty(env.SMTP_INBOUND_HOST) ?? defaults.host,
    smtpInboundTls: tlsKey && tlsCert ? { key: readPem(tlsKey, 'SMTP_INBOUND_TLS_KEY'), cert: readPem(tlsCert, 'SMTP_INBOUND_TLS_CERT') } : null,
    inboundMaxBytes: parseMaxBytes(env.INBOUND_MAX_BYTES),
    inboundWebhookSecret: parseSecret(env.INBOUND_WEBHOOK_SECRET),
    dnsServers: parseDnsServers(env.DNS_SERVERS),
    spfInclude: parseHost(env.EMAIL_SPF_INCLUDE, 'EMAIL_SPF_INCLUDE') ?? (defaults.smtpUrl ? smtpHost(defaults.smtpUrl) : null),
    mxHost: parseHost(env.EMAIL_MX_HOST, 'EMAIL_MX_HOST'),
    dkimSelector: selector.toLowerCase(),
    dkimKeySecret: parseKeySecret(env.EMAIL_DKIM_KEY_SECRET),
    ignoredDkimPrivateKey: nonEmpty(env.EMAIL_DKIM_PRIVATE_KEY) !== undefined,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseOptionalPort(value: string | undefined): number | null {
  const raw = nonEmpty(value);
  if (raw === undefined) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('SMTP_INBOUND_PORT must be a port number');
  return port;
}

function parseMaxBytes(value: string | undefined): number {
  const raw = nonEmpty(value);
  if (raw === undefined) return DEFAULT_MAX_BYTES;
  const bytes = Number(raw);
  if (!Number.isInteger(bytes) || bytes < 1024 || bytes > 200 * 1024 * 1024) {
    throw new ConfigError('INBOUND_MAX_BYTES must be a number of bytes (1024 to 209715200)');
  }
  return bytes;
}

function parseSecret(value: string | undefined): string | null {
  const raw = nonEmpty(value);
  if (raw === undefined) return null;
  if (raw.length < 16) throw new ConfigError('INBOUND_WEBHOOK_SECRET must be at least 16 characters');
  return raw;
}

function parseKeySecret(value: string | undefined): string | null {
  const raw = nonEmpty(value);
  if (raw === undefined) return null;
  if (raw.length < 32) throw new ConfigError('EMAIL_DKIM_KEY_SECRET must be at least 32 characters');
  return raw;
}

function parseDnsServers(value: string | undefined): string[] {
  const raw = nonEmpty(value);
  if (raw === undefined) return [];
  const servers = raw.split(',').map((server) => server.trim()).filter(Boolean);
  for (const server of servers) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/i.test(server)) {
      throw new ConfigError('DNS_SERVERS must be IP addresses, optionally with :port');
    }
  }
  return servers;
}

function parseHost(value: string | undefined, name: string): string | null {
  const raw = nonEmpty(value)?.toLowerCase().replace(/\.$/, '');
  if (raw === undefined) return null;
  if (!/^[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9])?$/.test(raw)) throw new ConfigError(`${name} must be a host name`);
  return raw;
}

function smtpHost(smtpUrl: string): string | null {
  try {
    return new URL(smtpUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase() || null;
  } catch {
    return null;
  }
}

function readPem(file: string, name: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`${name}: cannot read ${file}`);
  }
}
