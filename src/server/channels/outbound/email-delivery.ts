import { randomUUID } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer';
import { parseMessageWireId, type Message } from '../../../protocol/documents';
import { replyBlockerReason } from '../../../protocol/reply-delivery';
import type { Clock } from '../../clock';
import type { ChannelRow } from '../channel-tables';
import type { ConversationRow } from '../../conversations/conversation-tables';
import type { Db } from '../../db/database';
import { PermanentDeliveryError, type DeliveryResult, type MessageDelivery } from '../../messages/message-delivery';
import type { AttachmentStore } from '../attachments/attachment-store';
import type { ChannelConfig } from '../channel-config';
import { openPrivateKey } from '../domains/dkim-keys';
import { findReplyRoute } from './reply-route';
import { outgoingHtml, inlineCid } from './outgoing-html';
import { cleanDisplayName, cleanSubject, normalizeAddress } from '../email-address';
import type { EmailTransport } from './email-transport';

const NO_CHANNEL: DeliveryResult = { warning: null };
const MAX_REFERENCES = 20;

/**
 * Delivers an email conversation's reply when its delay is over: from the conversation's
 * support address, to its contact and recipients, with our own Message-ID (stored before the
 * first attempt, so a retry sends the same one) and In-Reply-To/References from the thread, so
 * the customer's mail client threads it. A conversation without an address of its own (seeded,
 * or its address removed) replies from the organization's first (reply-route.ts). Every address
 * is validated and the subject made one line, so nothing stored can add a header or a
 * recipient. A 5xx answer (or an unusable address) is
 * a PermanentDeliveryError; connection failures and 4xx answers are retried by the job.
 *
 * A reply that cannot leave (no support address, a domain the organization has not proven, no
 * recipient) fails for good, saying why and how to fix it (src/protocol/reply-delivery.ts): it is
 * never marked sent. What goes out is DKIM-signed with the organization's own key for the domain.
 */
export function createEmailDelivery(deps: { db: Db; clock: Clock; store: AttachmentStore; transport: EmailTransport; config: ChannelConfig }): MessageDelivery {
  const { db } = deps;
  return {
    async deliver(message) {
      const parsed = parseMessageWireId(message.id);
      if (!parsed || parsed.type !== 'MESSAGE' || message.source !== 'EMAIL') return NO_CHANNEL;
      const conversation = await db.selectFrom('conversations').selectAll().where('id', '=', message.conversation_id).executeTakeFirst();
      if (!conversation || conversation.channel !== 'EMAIL') return NO_CHANNEL;
      const route = await findReplyRoute(db, conversation);
      if (route.blocker) throw new PermanentDeliveryError(replyBlockerReason(route.blocker));
      const { channel, domain } = route;
      const dkimKey = openPrivateKey(domain.dkim_private_key, deps.config.dkimKeySecret, { orgId: domain.org_id, domain: domain.domain });

      const conversationRecipients = replyRecipients(route.recipients);
      const copies = (message.cc ?? []).filter((address) => !conversationRecipients.includes(address));
      const blind = (message.bcc ?? []).filter((address) => !conversationRecipients.includes(address) && !copies.includes(address));
      const recipients = [...conversationRecipients, ...copies];
      const thread = await threadIds(db, conversation, parsed.rowId);
      const messageId = await ownMessageId(db, conversation, channel, parsed.rowId, deps.clock());
      const organization = await db.selectFrom('organizations').select('name').where('id', '=', conversation.org_id).executeTakeFirstOrThrow();
      const files = await db.selectFrom('attachments').selectAll().where('org_id', '=', conversation.org_id).where('message_row_id', '=', parsed.rowId).execute();
      const [to, ...cc] = recipients;
      if (!to) throw new PermanentDeliveryError(replyBlockerReason({ kind: 'NO_RECIPIENT' }));
      const body = outgoingHtml(message, files);

      const mail: Mail.Options = {
        envelope: { from: channel.email, to: [...recipients, ...blind] },
        from: { name: cleanDisplayName(organization.name), address: channel.email },
        to,
        ...(cc.length > 0 ? { cc } : {}),
        // The first mail of a conversation an agent started answers nothing: no "Re:".
        subject: thread.inReplyTo === null ? cleanSubject(conversation.subject) || '(no subject)' : replySubject(conversation.subject),
        text: message.message,
        ...(body ? { html: body.html } : {}),
        messageId: `<${messageId}>`,
        ...(thread.inReplyTo ? { inReplyTo: `<${thread.inReplyTo}>` } : {}),
        ...(thread.references.length > 0 ? { references: thread.references.map((id) => `<${id}>`) } : {}),
        headers: isAutomatic(message) ? { 'Auto-Submitted': 'auto-replied' } : {},
        attachments: files.map((file) => ({
          filename: file.name,
          contentType: file.content_type,
          content: deps.store.open(file.sha256),
          ...(body?.inline.has(file.id) ? { cid: inlineCid(file.id) } : {}),
        })),
        disableFileAccess: true,
        disableUrlAccess: true,
        dkim: { domainName: domain.domain, keySelector: deps.config.dkimSelector, privateKey: dkimKey },
      };
      let rejected: string[];
      try {
        ({ rejected } = await deps.transport.send(mail));
      } catch (error) {
        throw classifySendError(error);
      }
      return { warning: rejected.length > 0 ? `Not delivered to ${rejected.join(', ')}: their mail server refused it.` : null };
    },
  };
}

/** Mail the inbox writes by itself (no agent wrote it) says so (RFC 3834); agents' replies do not. */
export function isAutomatic(message: Pick<Message, 'agent_id'>): boolean {
  return message.agent_id === null;
}

/** "Re: " and the conversation's subject, on one line. */
export function replySubject(subject: string): string {
  const clean = cleanSubject(subject) || '(no subject)';
  return /^re:/i.test(clean) ? clean : `Re: ${clean}`;
}

/** The recipients as addresses, each once; any value that is not exactly one plain address fails the delivery. */
function replyRecipients(raw: readonly string[]): string[] {
  const addresses: string[] = [];
  for (const value of raw) {
    const address = normalizeAddress(value);
    if (address === null || address !== value.trim().toLowerCase()) {
      throw new PermanentDeliveryError(`Cannot send to ${JSON.stringify(value.slice(0, 100))}: it is not a valid email address.`);
    }
    if (!addresses.includes(address)) addresses.push(address);
  }
  return addresses.slice(0, 50);
}

/** In-Reply-To: the customer's latest message (else our latest); References: the thread's first and latest ids. */
async function threadIds(db: Db, conversation: ConversationRow, ownRowId: number): Promise<{ inReplyTo: string | null; references: string[] }> {
  const rows = await db
    .selectFrom('email_message_ids')
    .select(['message_id', 'direction', 'message_row_id'])
    .where('org_id', '=', conversation.org_id)
    .where('conversation_id', '=', conversation.id)
    .orderBy('id')
    .execute();
  const earlier = rows.filter((row) => row.message_row_id !== ownRowId);
  const inReplyTo = [...earlier].reverse().find((row) => row.direction === 'IN') ?? earlier.at(-1);
  const ids = earlier.map((row) => row.message_id);
  const references = ids.length <= MAX_REFERENCES ? ids : [ids[0] ?? '', ...ids.slice(-(MAX_REFERENCES - 1))];
  return { inReplyTo: inReplyTo?.message_id ?? null, references };
}

/** Our Message-ID for this message: the stored one, or a new random one at the channel's domain. */
async function ownMessageId(db: Db, conversation: ConversationRow, channel: ChannelRow, rowId: number, now: number): Promise<string> {
  const stored = await db
    .selectFrom('email_message_ids')
    .select('message_id')
    .where('org_id', '=', conversation.org_id)
    .where('message_row_id', '=', rowId)
    .where('direction', '=', 'OUT')
    .executeTakeFirst();
  if (stored) return stored.message_id;
  const messageId = `${randomUUID()}@${channel.domain}`;
  await db
    .insertInto('email_message_ids')
    .values({ org_id: conversation.org_id, message_id: messageId, conversation_id: conversation.id, message_row_id: rowId, direction: 'OUT', created_at: now })
    .execute();
  return messageId;
}

/** 5xx (and a message nodemailer cannot build) are permanent; the rest is worth another try. */
function classifySendError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const responseCode = 'responseCode' in error && typeof error.responseCode === 'number' ? error.responseCode : null;
  const response = 'response' in error && typeof error.response === 'string' ? error.response : error.message;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
  if (responseCode !== null && responseCode >= 500) return new PermanentDeliveryError(`The mail server refused it: ${response.slice(0, 300)}`);
  if (responseCode === null && (code === 'EENVELOPE' || code === 'EMESSAGE')) return new PermanentDeliveryError(`The email could not be sent: ${error.message.slice(0, 300)}`);
  const reason = responseCode !== null ? `${response.slice(0, 300)}` : `${code ?? 'error'}: ${error.message.slice(0, 300)}`;
  return new Error(reason);
}
