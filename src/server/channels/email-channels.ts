import { hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { ContentPool } from '../content/content-pool';
import type { InboundEmailJobs } from './inbound/inbound-email-jobs';
import type { MessageDelivery } from '../messages/message-delivery';
import type { WriteDeps } from '../realtime/write-transaction';
import { createAttachmentStore, type AttachmentStore } from './attachments/attachment-store';
import type { ChannelConfig } from './channel-config';
import type { DnsCheckKind } from '../../protocol/api/channels';
import { dnsConfigNotices } from './domains/config-notices';
import { createDnsResolver, type DnsResolver } from './domains/dns-resolver';
import type { VerificationPolicy } from './domains/domain-verification';
import { createEmailDelivery } from './outbound/email-delivery';
import { createEmailTransport, type EmailTransport } from './outbound/email-transport';
import type { ForwardDeps } from './outbound/forward-email';
import { createInboundMail, type InboundMail } from './inbound/inbound-email';
import { createInboundSmtpServer, type InboundSmtpServer } from './inbound/inbound-smtp-server';

/** What the email channel's routes, SMTP server and delivery share, built once per app. */
export type EmailChannels = {
  config: ChannelConfig;
  policy: VerificationPolicy;
  /** The DNS records whose value needs configuration the server lacks, with what to set (config-notices.ts). */
  configNotices: Partial<Record<DnsCheckKind, string>>;
  dns: DnsResolver;
  store: AttachmentStore;
  inbound: InboundMail;
  /** Sends email conversations' replies (the delivery job's transport). */
  delivery: MessageDelivery;
  /** What forwarding a conversation by email sends through (the replies' transport). */
  forwarding: ForwardDeps;
  /** Starts the SMTP server when SMTP_INBOUND_PORT is set. */
  start(): Promise<void>;
  /** Where the built-in SMTP server listens once started, or null when it does not run (the onboarding's test email). */
  smtpAddress(): { host: string; port: number } | null;
  /** Stops the SMTP server (open sessions end first) and closes the outbound transport. */
  stop(): Promise<void>;
};

export type EmailChannelsOptions = {
  config: Config;
  deps: WriteDeps;
  /** Parses inbound mail and cleans its HTML, off the event loop. */
  content: ContentPool<InboundEmailJobs>;
  log: FastifyBaseLogger;
  /** Answers the DNS lookups of domain verification; the system's resolvers (or DNS_SERVERS) by default. */
  dns?: DnsResolver;
  /** Sends replies; SMTP_URL (or .eml files under DATA_DIR/mail/outbound) by default. */
  transport?: EmailTransport;
};

export function createEmailChannels(options: EmailChannelsOptions): EmailChannels {
  const { config, deps, log } = options;
  const channelConfig = config.channels;
  const store = createAttachmentStore(config.dataDir);
  const transport = options.transport ?? createEmailTransport({ smtpUrl: config.smtpUrl, mailDir: join(config.dataDir, 'mail', 'outbound') });
  const inbound = createInboundMail({ ...deps, store, content: options.content, maxBytes: channelConfig.inboundMaxBytes, log });
  let smtp: InboundSmtpServer | null = null;
  let smtpAddress: { host: string; port: number } | null = null;
  return {
    config: channelConfig,
    policy: {
      mxHost: channelConfig.mxHost,
      spfInclude: channelConfig.spfInclude,
      dkimSelector: channelConfig.dkimSelector,
    },
    configNotices: dnsConfigNotices({ outgoingSmtp: config.smtpUrl !== null, channels: channelConfig }),
    dns: options.dns ?? createDnsResolver(channelConfig.dnsServers),
    store,
    inbound,
    delivery: createEmailDelivery({ db: deps.db, clock: deps.clock, store, transport, config: channelConfig }),
    forwarding: { store, transport, config: channelConfig },
    async start() {
      if (channelConfig.ignoredDkimPrivateKey) {
        log.warn(
          'EMAIL_DKIM_PRIVATE_KEY is no longer used: replies are signed with a key of their organization for each proven domain (Settings → Email shows its DKIM record). Unset it.',
        );
      }
      if (channelConfig.smtpInboundPort === null || smtp) return;
      const name = config.publicUrl ? new URL(config.publicUrl).hostname : hostname();
      smtp = createInboundSmtpServer({ config: channelConfig, inbound, log, hostname: name });
      const { host, port } = await smtp.start();
      smtpAddress = { host, port };
      log.info({ host, port }, `SMTP inbound listening at smtp://${host.includes(':') ? `[${host}]` : host}:${port}`);
    },
    smtpAddress: () => smtpAddress,
    async stop() {
      await smtp?.stop();
      smtp = null;
      smtpAddress = null;
      transport.close();
    },
  };
}
