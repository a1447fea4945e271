import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { EmailChannel } from '../../src/protocol/api/channels';
import { startDnsServer, type DnsServer } from './dns-server';
import { proveDomain } from './prove-domain';
import { startSeededServer, type SeededServer } from './seeded-server';
import type { RunningServer } from './server-process';

/** A seeded server (production build) with the built-in SMTP server and one support address on a proven domain. */
export type EmailServer = SeededServer & { address: string; channel: EmailChannel; smtpPort: number };

/**
 * Starts the server with SMTP_INBOUND_PORT=0 (a free port, read from its log line), seeds an
 * organization (which gives it `support@<org>.example` as its support address) and proves that
 * domain through `dns` (the caller's test DNS server, or one of its own that stops with the server).
 */
export async function startEmailServer(options: {
  org: string;
  conversations: number;
  messagesPerConversation: number;
  env?: Record<string, string>;
  dns?: DnsServer;
}): Promise<EmailServer> {
  const dns = options.dns ?? (await startDnsServer());
  const ownDns = options.dns === undefined;
  let seeded: SeededServer;
  try {
    seeded = await startSeededServer({ ...options, env: { SMTP_INBOUND_PORT: '0', JOB_POLL_MS: '200', ...options.env, DNS_SERVERS: dns.address } });
  } catch (error) {
    if (ownDns) await dns.stop();
    throw error;
  }
  const server: RunningServer = {
    ...seeded.server,
    async stop(signal, stopOptions) {
      const code = await seeded.server.stop(signal, stopOptions);
      if (ownDns) await dns.stop();
      return code;
    },
  };
  try {
    // The seed gave the organization this address, its domain marked proven; the test's DNS proves it for real.
    const address = `support@${options.org}.example`;
    const listed = (await seeded.api.get<EmailChannel[]>('organization/channels')).body.find((entry) => entry.email === address);
    if (!listed) throw new Error(`The seed made no ${address}`);
    const channel = await proveDomain(seeded.api, dns, listed);
    return { ...seeded, server, address, channel, smtpPort: smtpInboundPort(seeded.server) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The port the server's SMTP server got (it logs "SMTP inbound listening at smtp://host:port"). */
export function smtpInboundPort(server: RunningServer): number {
  const match = /SMTP inbound listening at smtp:\/\/[^:]+:(\d+)/.exec(server.output());
  if (!match?.[1]) throw new Error(`The server started no SMTP server:\n${server.output().slice(-2000)}`);
  return Number(match[1]);
}

/**
 * A nodemailer transport to the server's SMTP server, as a customer's mail provider would
 * connect: a new SMTP session per message, or with `pool` that many sessions kept open and
 * reused. Close it after use.
 */
export function inboundTransport(port: number, pool?: number) {
  const base = { host: '127.0.0.1', port, secure: false, ignoreTLS: true } as const;
  return pool === undefined ? nodemailer.createTransport(base) : nodemailer.createTransport({ ...base, pool: true, maxConnections: pool, maxMessages: Infinity });
}

/** Sends one mail with a transport of its own. */
export async function sendEmail(port: number, mail: Mail.Options): Promise<string> {
  const transport = inboundTransport(port);
  try {
    return (await transport.sendMail(mail)).response;
  } finally {
    transport.close();
  }
}
