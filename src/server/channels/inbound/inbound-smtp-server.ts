import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerAddress, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { ChannelConfig } from '../channel-config';
import { normalizeAddress } from '../email-address';
import type { InboundMail } from './inbound-email';
import { INBOUND_LIMITS, InboundRejection } from './inbound-limits';

export type InboundSmtpServer = {
  /** Listens on SMTP_INBOUND_HOST:SMTP_INBOUND_PORT; resolves to the address it got. */
  start(): Promise<{ host: string; port: number }>;
  /** Stops accepting and waits for open sessions to end. */
  stop(): Promise<void>;
};

/** An SMTP reply: smtp-server sends `responseCode` and the message. */
function smtpError(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The built-in SMTP server that receives mail for the organizations' support addresses (MX
 * for them points here). RCPT is accepted only for a channel address on a domain its
 * organization has proven (550 otherwise, the same for an unknown address); SIZE is advertised and a message over it is refused with 552, however the
 * client declared it; every message goes through the inbound pipeline, and 250 means stored.
 */
export function createInboundSmtpServer(options: { config: ChannelConfig; inbound: InboundMail; log: FastifyBaseLogger; hostname: string }): InboundSmtpServer {
  const { config, inbound, log } = options;
  const tls = config.smtpInboundTls;
  const server = new SMTPServer({
    name: options.hostname,
    banner: 'Support Inbox',
    size: config.inboundMaxBytes,
    rejectOversized: true,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ? { key: tls.key, cert: tls.cert } : {}),
    logger: false,
    maxClients: 100,
    socketTimeout: 60_000,
    // Sessions still open at shutdown get this long (the whole shutdown has 10 s).
    closeTimeout: 5_000,
    onRcptTo(address: SMTPServerAddress, session: SMTPServerSession, callback: (error?: Error | null) => void) {
      if (session.envelope.rcptTo.length >= INBOUND_LIMITS.maxRecipients) {
        callback(smtpError(452, 'Too many recipients'));
        return;
      }
      const email = normalizeAddress(address.address);
      if (!email) {
        callback(smtpError(553, 'Mailbox name not allowed'));
        return;
      }
      inbound.findChannel(email).then(
        (channel) => {
          if (!channel) log.info({ via: 'smtp', to: email, remoteAddress: session.remoteAddress }, 'Inbound recipient refused: no channel on a verified domain');
          callback(channel ? null : smtpError(550, 'No such mailbox here'));
        },
        (error: unknown) => {
          log.error({ err: error }, 'SMTP recipient lookup failed');
          callback(smtpError(451, 'Temporary failure, try again later'));
        },
      );
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null, message?: string) => void) {
      const { mailFrom, rcptTo } = session.envelope;
      const to = rcptTo.map((recipient) => normalizeAddress(recipient.address)).filter((email): email is string => email !== null);
      inbound.receive(stream, { from: mailFrom === false ? null : mailFrom.address.toLowerCase(), to, via: 'smtp' }).then(
        () => callback(null, 'OK: message stored'),
        (error: unknown) => {
          if (error instanceof InboundRejection) callback(smtpError(error.responseCode, error.message));
          else callback(smtpError(451, 'Temporary failure, try again later'));
        },
      );
    },
  });
  server.on('error', (error) => log.warn({ err: error }, 'SMTP connection error'));

  return {
    start() {
      return new Promise((resolve, reject) => {
        server.server.once('error', reject);
        server.listen(config.smtpInboundPort ?? 0, config.smtpInboundHost, () => {
          server.server.off('error', reject);
          const address = server.server.address();
          resolve({ host: config.smtpInboundHost, port: address && typeof address === 'object' ? address.port : 0 });
        });
      });
    },
    stop() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
