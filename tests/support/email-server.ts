import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { EmailChannel } from '../../src/protocol/api/channels';
import { startSeededServer, type SeededServer } from './seeded-server';
import type { RunningServer } from './server-process';

/** A seeded server (production build) with the built-in SMTP server and one support address. */
export type EmailServer = SeededServer & { address: string; channel: EmailChannel; smtpPort: number };

/**
 * Starts the server with SMTP_INBOUND_PORT=0 (a free port, read from its log line), seeds an
 * organization and adds `support@<org>.example` as its support address.
 */
export async function startEmailServer(options: { org: string; conversations: number; messagesPerConversation: number; env?: Record<string, string> }): Promise<EmailServer> {
  const seeded = await startSeededServer({ ...options, env: { SMTP_INBOUND_PORT: '0', JOB_POLL_MS: '200', ...options.env } });
  try {
    const address = `support@${options.org}.example`;
    const added = await seeded.api.post<EmailChannel>('organization/channels', { email: address });
    if (added.status !== 201) throw new Error(`Adding ${address} failed: ${added.status} ${added.text}`);
    return { ...seeded, address, channel: added.body, smtpPort: smtpInboundPort(seeded.server) };
  } catch (error) {
    await seeded.server.stop();
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
