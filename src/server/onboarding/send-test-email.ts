import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { TestEmailResponse } from '../../protocol/onboarding/onboarding-steps';
import type { AgentRow } from '../agents/agent-tables';
import type { AppContext } from '../app-context';
import { HttpError } from '../http/http-error';

/** Why no test email can be sent, in a sentence the checklist shows as it is. */
export const TEST_EMAIL_ERRORS = {
  noInboundPath:
    'This server receives no email yet. The administrator must set SMTP_INBOUND_PORT (the built-in SMTP server, with your domain’s MX pointing at it) or INBOUND_WEBHOOK_SECRET (for a mail provider that forwards mail by webhook), then restart the server.',
  noAddress: 'Add a support address and prove its domain first: mail reaches the inbox only at such an address.',
  ownAddress: 'Your own email address is one of the support addresses, and mail from it is dropped as a loop: send a test from another mailbox.',
} as const;

const conflict = (error: string) => new HttpError(409, { error });

/** The listener's own address, as a client on this machine reaches it. */
function loopbackOf(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}

/**
 * "Send me a test email": a real email from the agent to the organization's first support
 * address on a proven domain, over the inbound path this server has (its SMTP listener, else the
 * webhook's pipeline), so it lands in the inbox as a conversation like a customer's and the
 * "Receive a first email" step ticks itself because an email was stored. Resolves once stored.
 */
export async function sendTestEmail(ctx: AppContext, agent: AgentRow): Promise<TestEmailResponse> {
  const smtp = ctx.channels.smtpAddress();
  const webhook = ctx.channels.config.inboundWebhookSecret !== null;
  if (!smtp && !webhook) throw conflict(TEST_EMAIL_ERRORS.noInboundPath);
  const channel = await ctx.db
    .selectFrom('channels')
    .innerJoin('email_domains', (join) => join.onRef('email_domains.org_id', '=', 'channels.org_id').onRef('email_domains.domain', '=', 'channels.domain'))
    .select('channels.email')
    .where('channels.org_id', '=', agent.org_id)
    .where('email_domains.verification', '=', 'VERIFIED')
    .orderBy('channels.id')
    .executeTakeFirst();
  if (!channel) throw conflict(TEST_EMAIL_ERRORS.noAddress);
  // Mail from one of the organization's own addresses is dropped as a loop (store-inbound-email.ts).
  const own = await ctx.db.selectFrom('channels').select('id').where('org_id', '=', agent.org_id).where('email', '=', agent.email.toLowerCase()).executeTakeFirst();
  if (own) throw conflict(TEST_EMAIL_ERRORS.ownAddress);

  const mail: Mail.Options = {
    from: { name: agent.name, address: agent.email },
    to: channel.email,
    subject: 'Test email from the getting started checklist',
    text: [
      `Hello! This is the test email ${agent.name} asked for.`,
      `It was sent to ${channel.email} and came in the way your customers' mail does, so it became a conversation here.`,
      'Reply to it to see how a reply looks, or close it: nobody else received it.',
    ].join('\n\n'),
  };
  if (smtp) {
    const transport = nodemailer.createTransport({ host: loopbackOf(smtp.host), port: smtp.port, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail(mail);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      throw conflict(`The test email was refused by this server’s SMTP listener: ${text}`);
    } finally {
      transport.close();
    }
    return { to: channel.email, via: 'smtp' };
  }
  const composed = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(mail);
  const raw = composed.message;
  const deliveries = await ctx.channels.inbound.receive(Readable.from([raw]), { from: agent.email, to: [channel.email], via: 'webhook' });
  const dropped = deliveries.find((delivery) => delivery.status === 'dropped');
  if (dropped && dropped.status === 'dropped') throw conflict(`The test email arrived but was not stored: ${dropped.reason}`);
  return { to: channel.email, via: 'webhook' };
}
