import type { FastifyBaseLogger } from 'fastify';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { InboundDelivery } from '../../../protocol/api/channels';
import type { ChannelRow } from '../channel-tables';
import { runWrite, type WriteDeps } from '../../realtime/write-transaction';
import type { AttachmentStore } from '../attachments/attachment-store';
import { classifyAutomatic } from './automatic-mail';
import { findReceivingChannels } from '../channel-queries';
import type { ContentPool } from '../../content/content-pool';
import type { InboundEmailJobs } from './inbound-email-jobs';
import { WorkerJobFailed } from '../../content/worker-pool';
import { InboundRejection } from './inbound-limits';
import { discardParsedEmail, type ParsedEmail } from './parsed-email';
import { spoolInboundEmail } from './spool-inbound-email';
import { storeInboundEmail } from './store-inbound-email';
import { recordOnboardingStep } from '../../onboarding/onboarding-writes';

/** The envelope: who the transport says sent it ('' for `<>`, null when unknown) and to which addresses. */
export type InboundEnvelope = { from: string | null; to: string[]; via: 'smtp' | 'webhook' };

/** Inbound mail, whichever way it arrives (the SMTP server, the webhook). */
export type InboundMail = {
  /** The channel of this address, if the inbox receives mail for it (its organization has proven the domain). */
  findChannel(address: string): Promise<ChannelRow | undefined>;
  /**
   * Parses and stores a raw message for every organization it is addressed to. Rejects with an
   * InboundRejection (a reason the sender may see) or, for a failure of ours, another error
   * (the sender should try again later). Every outcome is logged with its reason.
   */
  receive(source: Readable, envelope: InboundEnvelope): Promise<InboundDelivery[]>;
};

export type InboundMailDeps = WriteDeps & { store: AttachmentStore; content: ContentPool<InboundEmailJobs>; maxBytes: number; log: FastifyBaseLogger };

export function createInboundMail(deps: InboundMailDeps): InboundMail {
  const { db, log } = deps;
  return {
    async findChannel(address) {
      return (await findReceivingChannels(db, [address]))[0];
    },
    async receive(source, envelope) {
      let dir: string;
      try {
        dir = await deps.store.workDir();
      } catch (error) {
        // The sender still gets an answer: read its message away.
        source.resume();
        throw error;
      }
      try {
        return await receiveIn(dir, source, envelope);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };

  async function receiveIn(dir: string, source: Readable, envelope: InboundEnvelope): Promise<InboundDelivery[]> {
    let email: ParsedEmail;
    try {
      email = await readEmail(deps, dir, source);
    } catch (error) {
      log.warn({ via: envelope.via, envelopeFrom: envelope.from, to: envelope.to, reason: reasonOf(error) }, 'Inbound email rejected');
      throw error;
    }
    const context = { via: envelope.via, from: email.from.address, messageId: email.messageId, size: email.size, notice: email.body.notice ?? undefined };
    try {
      const targets = await routeToOrganizations(deps, email, envelope);
      if (targets.length === 0) throw new InboundRejection('NO_RECIPIENT', NO_RECIPIENT_TEXT);
      const autoKind = classifyAutomatic({ envelopeFrom: envelope.from, from: email.from.address, ...email.signals });
      await Promise.all(email.attachments.map((attachment) => attachment.file.commit()));
      const deliveries: InboundDelivery[] = [];
      for (const channel of targets) {
        const delivery = await runWrite(deps, { orgId: channel.org_id }, async (write) => {
          const stored = await storeInboundEmail(write, email, channel, autoKind);
          if (stored.status === 'stored') await recordOnboardingStep(write, channel.org_id, 'first-email');
          return stored;
        });
        log.info({ ...context, orgId: channel.org_id, to: channel.email, autoKind, ...delivery }, delivery.status === 'stored' ? 'Inbound email stored' : 'Inbound email dropped');
        deliveries.push(delivery);
      }
      return deliveries;
    } catch (error) {
      await discardParsedEmail(email);
      log.warn({ ...context, err: error instanceof InboundRejection ? undefined : error, reason: reasonOf(error) }, 'Inbound email rejected');
      throw error;
    }
  }
}

/**
 * Spools the message into `dir` as it arrives (on the event loop, which only moves bytes), then
 * parses it and cleans its HTML in the content workers. The pool refusing or giving up on the
 * parse is a temporary failure (451 or 503: the sender tries again later); cleaning that fails
 * keeps the text with a notice (ContentPool.cleanHtml).
 */
async function readEmail(deps: InboundMailDeps, dir: string, source: Readable): Promise<ParsedEmail> {
  const path = join(dir, 'message.eml');
  const size = await spoolInboundEmail(source, path, deps.maxBytes);
  const parsed = await deps.content.run('parseEmail', { path, dir }).catch((error: unknown) => {
    throw asPoolRejection(error);
  });
  if (!parsed.ok) throw new InboundRejection(parsed.kind, parsed.message);
  const { text, htmlPath, attachments, ...email } = parsed.email;
  const body = htmlPath
    ? await deps.content.cleanHtml({ htmlPath, text, cids: attachments.map((attachment) => attachment.cid) }).catch((error: unknown) => {
        throw asPoolRejection(error);
      })
    : { html: null, text, notice: null };
  return {
    ...email,
    body,
    size,
    attachments: attachments.map(({ name, contentType, cid, ...file }) => ({ name, contentType, cid, file: deps.store.adopt(file) })),
  };
}

function asPoolRejection(error: unknown): unknown {
  if (!(error instanceof WorkerJobFailed)) return error;
  if (error.reason === 'busy' || error.reason === 'closed') return new InboundRejection('BUSY', 'The server is busy; try again later.');
  if (error.reason === 'timeout') return new InboundRejection('TIMEOUT', 'The message took too long to process; try again later.');
  // The parser's worker died (out of memory) or could not answer: nothing to store, so later.
  return new InboundRejection('TIMEOUT', 'The message could not be processed; try again later.');
}

/** The same for an address nobody added and one whose domain is not verified: the sender learns nothing about either. */
const NO_RECIPIENT_TEXT = 'No address of this message is a support address on a verified domain here.';

/**
 * One channel per organization the message is for: the envelope's recipients, or for a webhook
 * without them the Delivered-To, To and Cc addresses; only channels on proven domains.
 */
async function routeToOrganizations(deps: InboundMailDeps, email: ParsedEmail, envelope: InboundEnvelope): Promise<ChannelRow[]> {
  const addresses = envelope.to.length > 0 ? envelope.to : [...email.deliveredTo, ...email.to.map((box) => box.address), ...email.cc.map((box) => box.address)];
  const channels = await findReceivingChannels(deps.db, [...new Set(addresses)].slice(0, 100));
  const byOrganization = new Map<number, ChannelRow>();
  for (const address of addresses) {
    const channel = channels.find((entry) => entry.email === address);
    if (channel && !byOrganization.has(channel.org_id)) byOrganization.set(channel.org_id, channel);
  }
  return [...byOrganization.values()];
}

function reasonOf(error: unknown): string {
  if (error instanceof InboundRejection) return `${error.kind}: ${error.message}`;
  return error instanceof Error ? `ERROR: ${error.message}` : 'ERROR';
}
