import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import type { InboundDelivery } from '../../protocol/api/channels';
import type { ChannelRow } from '../db/database';
import { runWrite, type WriteDeps } from '../realtime/write-transaction';
import type { AttachmentStore } from './attachment-store';
import { classifyAutomatic } from './automatic-mail';
import { findChannelsByEmail } from './channel-queries';
import { InboundRejection } from './inbound-limits';
import { discardParsedEmail, parseInboundEmail, type ParsedEmail } from './parse-inbound-email';
import { storeInboundEmail } from './store-inbound-email';

/** The envelope: who the transport says sent it ('' for `<>`, null when unknown) and to which addresses. */
export type InboundEnvelope = { from: string | null; to: string[]; via: 'smtp' | 'webhook' };

/** Inbound mail, whichever way it arrives (the SMTP server, the webhook). */
export type InboundMail = {
  /** The channel of this address, if the inbox receives mail for it. */
  findChannel(address: string): Promise<ChannelRow | undefined>;
  /**
   * Parses and stores a raw message for every organization it is addressed to. Rejects with an
   * InboundRejection (a reason the sender may see) or, for a failure of ours, another error
   * (the sender should try again later). Every outcome is logged with its reason.
   */
  receive(source: Readable, envelope: InboundEnvelope): Promise<InboundDelivery[]>;
};

export type InboundMailDeps = WriteDeps & { store: AttachmentStore; maxBytes: number; log: FastifyBaseLogger };

export function createInboundMail(deps: InboundMailDeps): InboundMail {
  const { db, log } = deps;
  return {
    async findChannel(address) {
      return (await findChannelsByEmail(db, [address]))[0];
    },
    async receive(source, envelope) {
      let email: ParsedEmail;
      try {
        email = await parseInboundEmail(source, { maxBytes: deps.maxBytes, store: deps.store });
      } catch (error) {
        log.warn({ via: envelope.via, envelopeFrom: envelope.from, to: envelope.to, reason: reasonOf(error) }, 'Inbound email rejected');
        throw error;
      }
      const context = { via: envelope.via, from: email.from.address, messageId: email.messageId, size: email.size };
      try {
        const targets = await routeToOrganizations(deps, email, envelope);
        if (targets.length === 0) throw new InboundRejection('NO_RECIPIENT', 'No address of this message belongs to an inbox here.');
        const autoKind = classifyAutomatic({ envelopeFrom: envelope.from, from: email.from.address, ...email.signals });
        await Promise.all(email.attachments.map((attachment) => attachment.file.commit()));
        const deliveries: InboundDelivery[] = [];
        for (const channel of targets) {
          const delivery = await runWrite(deps, { orgId: channel.org_id }, (write) => storeInboundEmail(write, email, channel, autoKind));
          log.info({ ...context, orgId: channel.org_id, to: channel.email, autoKind, ...delivery }, delivery.status === 'stored' ? 'Inbound email stored' : 'Inbound email dropped');
          deliveries.push(delivery);
        }
        return deliveries;
      } catch (error) {
        await discardParsedEmail(email);
        log.warn({ ...context, err: error instanceof InboundRejection ? undefined : error, reason: reasonOf(error) }, 'Inbound email rejected');
        throw error;
      }
    },
  };
}

/**
 * One channel per organization the message is for: the envelope's recipients, or for a webhook
 * without them the Delivered-To, To and Cc addresses.
 */
async function routeToOrganizations(deps: InboundMailDeps, email: ParsedEmail, envelope: InboundEnvelope): Promise<ChannelRow[]> {
  const addresses = envelope.to.length > 0 ? envelope.to : [...email.deliveredTo, ...email.to.map((box) => box.address), ...email.cc.map((box) => box.address)];
  const channels = await findChannelsByEmail(deps.db, [...new Set(addresses)].slice(0, 100));
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
