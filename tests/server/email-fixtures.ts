import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { DnsRecordCheck, EmailChannel } from '../../src/protocol/api/channels';
import type { ConversationPage, MessagePage } from '../../src/protocol/api/conversation-requests';
import { PENDING_MESSAGE_DELAY_S } from '../../src/protocol/constants';
import type { Conversation, Message } from '../../src/protocol/documents';
import type { ApiClient } from '../support/api-client';
import type { DnsServer } from '../support/dns-server';
import { proveDomain } from '../support/prove-domain';
import type { DatabaseKind, RunningServer } from '../support/server-process';
import { SHARED_ENV, uid, useServerSuite, type ServerSuite, type SignedUp } from './server-suite';

/** Environment of a server with the built-in SMTP server on a free port and fast job polling. */
export const EMAIL_ENV = {
  SMTP_INBOUND_PORT: SHARED_ENV.SMTP_INBOUND_PORT,
  JOB_POLL_MS: SHARED_ENV.JOB_POLL_MS,
  INBOUND_WEBHOOK_SECRET: SHARED_ENV.INBOUND_WEBHOOK_SECRET,
} as const;

/** A server suite whose domain checks ask `dns` (the test's own DNS server), so organizations can prove their domains. */
export type EmailSuite = ServerSuite & { readonly dns: DnsServer };

/** useServerSuite with EMAIL_ENV and DNS_SERVERS pointing at `dns` (with the worker's shared DNS server and no other settings, the shared server). */
export function useEmailSuite(database: DatabaseKind, dns: DnsServer, env: Record<string, string> = {}): EmailSuite {
  return Object.assign(useServerSuite(database, { ...EMAIL_ENV, DNS_SERVERS: dns.address, ...env }), { dns });
}

/** The port the server's SMTP server got (it logs "SMTP inbound listening at smtp://host:port"). */
export function smtpInboundPort(server: RunningServer): number {
  const match = /SMTP inbound listening at smtp:\/\/[^:]+:(\d+)/.exec(server.output());
  if (!match?.[1]) throw new Error(`The server started no SMTP server:\n${server.output().slice(-2000)}`);
  return Number(match[1]);
}

export type EmailInbox = SignedUp & { address: string; channel: EmailChannel; customer: string };

/** A new organization with one support address on a domain it has proven, and a customer address unique to the test. */
export async function signUpWithChannel(suite: EmailSuite): Promise<EmailInbox> {
  const owner = await suite.signUp();
  const id = uid();
  const address = `support-${id}@inbox-${id}.example`;
  const added = await owner.api.post<EmailChannel>('organization/channels', { email: address });
  if (added.status !== 201) throw new Error(`Adding the channel failed: ${added.status} ${added.text}`);
  const channel = await proveDomain(owner.api, suite.dns, added.body);
  return { ...owner, address, channel, customer: `jane-${id}@customer-${id}.example` };
}

/** Sends with nodemailer to the server's SMTP server, as a customer's provider would. */
export async function sendEmail(server: RunningServer, mail: Mail.Options): Promise<{ response: string }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpInboundPort(server), secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

/** The conversation whose subject is this, once it exists. */
export async function conversationWithSubject(api: ApiClient, subject: string, timeoutMs = 10_000): Promise<Conversation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const page = await api.get<ConversationPage>('conversations/?limit=100&order=newest');
    const found = page.body.conversations.find((conversation) => conversation.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No conversation "${subject}"; have ${JSON.stringify(page.body.conversations.map((c) => c.subject))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function conversationsWithSubject(api: ApiClient, subject: string): Promise<Conversation[]> {
  const page = await api.get<ConversationPage>('conversations/?limit=100&order=newest');
  return page.body.conversations.filter((conversation) => conversation.subject === subject);
}

export async function threadOf(api: ApiClient, conversationId: number): Promise<Message[]> {
  const page = await api.get<MessagePage>(`conversations/${conversationId}/messages/?limit=100`);
  if (page.status !== 200) throw new Error(`Thread failed: ${page.status} ${page.text}`);
  return page.body.messages;
}

/** A reply whose delay ends `inMs` from now, as if the agent had pressed send earlier. */
export function replyDueIn(api: ApiClient, conversationId: number, inMs: number, message: string) {
  return api.post<{ message: Message }>(`conversations/${conversationId}/reply`, {
    message,
    source: 'EMAIL',
    sent_at: Date.now() - PENDING_MESSAGE_DELAY_S * 1000 + inMs,
  });
}

/** A unique Message-ID at the customer's domain, with angle brackets. */
export function customerMessageId(customer: string): string {
  return `<${uid()}.${Date.now()}@${customer.split('@')[1] ?? 'customer.example'}>`;
}

/** The record of this kind among a channel's records. */
export function recordOf(channel: EmailChannel, kind: DnsRecordCheck['kind']): DnsRecordCheck {
  const record = channel.domain.records.find((entry) => entry.kind === kind);
  if (!record) throw new Error(`No ${kind} record for ${channel.email}`);
  return record;
}

/** The p= of a channel's DKIM record: its organization's public key for the domain. */
export function dkimKeyOf(channel: EmailChannel): string {
  return /p=([A-Za-z0-9+/=]+)$/.exec(recordOf(channel, 'DKIM').expected)?.[1] ?? '';
}
