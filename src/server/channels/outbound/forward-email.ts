import type Mail from 'nodemailer/lib/mailer';
import type { ForwardBody } from '../../../protocol/api/conversation-requests';
import type { Message } from '../../../protocol/documents';
import type { ConversationRow } from '../../conversations/conversation-tables';
import type { MessageRow } from '../../messages/message-tables';
import { badRequest, fieldError } from '../../http/http-error';
import { findMessageRow } from '../../messages/message-queries';
import { insertNote } from '../../messages/notes';
import type { Write } from '../../realtime/write-transaction';
import type { AttachmentStore } from '../attachments/attachment-store';
import type { ChannelConfig } from '../channel-config';
import { openPrivateKey } from '../domains/dkim-keys';
import { findDomain } from '../domains/domain-queries';
import { cleanDisplayName, cleanSubject } from '../email-address';
import type { EmailTransport } from './email-transport';
import { outgoingHtml, inlineCid } from './outgoing-html';

export type ForwardDeps = { store: AttachmentStore; transport: EmailTransport; config: ChannelConfig };

export const FORWARD_ERRORS = {
  noAddress: 'This conversation has no support address to send from: add one under Settings → Email.',
  notAMessage: 'is not a message of this conversation',
  nothing: 'This conversation has no message to forward yet.',
} as const;

/**
 * Forwards a conversation (its delivered and received messages, oldest first) or one of its
 * messages by email, from the conversation's support address (else the organization's first),
 * under the same rules as replies: only from a proven domain, DKIM-signed with the
 * organization's key. The quoted messages keep their sanitised HTML and their files. The mail
 * leaves inside the write, so a refusal rolls everything back and the agent sees why; the thread
 * then gets a note saying who forwarded it to whom.
 */
export async function forwardConversation(deps: ForwardDeps, write: Write, conversation: ConversationRow, agentId: number, body: ForwardBody): Promise<Message> {
  const { trx, orgId } = write;
  const channel =
    (conversation.channel_id === null
      ? undefined
      : await trx.selectFrom('channels').selectAll().where('org_id', '=', orgId).where('id', '=', conversation.channel_id).executeTakeFirst()) ??
    (await trx.selectFrom('channels').selectAll().where('org_id', '=', orgId).orderBy('id').executeTakeFirst());
  if (!channel) throw badRequest(FORWARD_ERRORS.noAddress);
  const domain = await findDomain(trx, orgId, channel.domain);
  if (domain?.verification !== 'VERIFIED') {
    throw badRequest(`The domain ${channel.domain} is not verified: verify it under Settings → Email, then forward again.`);
  }
  const rows = await forwardedRows(write, conversation, body.message_id);
  if (rows.length === 0) throw badRequest(FORWARD_ERRORS.nothing);

  const agent = await trx.selectFrom('agents').select('name').where('org_id', '=', orgId).where('id', '=', agentId).executeTakeFirstOrThrow();
  const organization = await trx.selectFrom('organizations').select('name').where('id', '=', orgId).executeTakeFirstOrThrow();
  const contact = await trx.selectFrom('contacts').select(['name', 'email']).where('id', '=', conversation.contact_id).executeTakeFirst();
  const files = await trx
    .selectFrom('attachments')
    .selectAll()
    .where('org_id', '=', orgId)
    .where(
      'message_row_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  const agentNames = new Map((await trx.selectFrom('agents').select(['id', 'name']).where('org_id', '=', orgId).execute()).map((row) => [row.id, row.name]));
  const customer = contact ? `${contact.name}${contact.email ? ` <${contact.email}>` : ''}` : 'Customer';
  const quoted = rows.map((row) => ({
    row,
    from: row.agent_id !== null ? `${agentNames.get(row.agent_id) ?? 'Agent'} (${organization.name})` : customer,
    date: new Date(Number(row.timestamp_ts)).toUTCString(),
    files: files.filter((file) => file.message_row_id === row.id),
  }));

  const subject = cleanSubject(conversation.subject) || '(no subject)';
  const heading = body.message_id === undefined ? 'Forwarded conversation' : 'Forwarded message';
  const note = body.note ?? '';
  const text = [
    ...(note ? [note, ''] : []),
    `---------- ${heading} ----------`,
    `Subject: ${subject}`,
    ...quoted.flatMap(({ row, from, date }) => ['', `From: ${from}`, `Date: ${date}`, '', ...row.message.split('\n').map((line) => `> ${line}`)]),
  ].join('\n');
  const inline = new Set<number>();
  const htmlParts = quoted.map(({ row, from, date, files: own }) => {
    const body = row.html ? outgoingHtml({ html: row.html }, own) : null;
    body?.inline.forEach((id) => inline.add(id));
    const content = body ? body.html.replace(/^<!doctype html><html><body>/, '').replace(/<\/body><\/html>$/, '') : `<p>${escapeHtml(row.message).replace(/\n/g, '<br>')}</p>`;
    return `<p><b>From:</b> ${escapeHtml(from)}<br><b>Date:</b> ${escapeHtml(date)}</p><blockquote style="margin:0 0 1em;padding-left:1em;border-left:2px solid #ccc">${content}</blockquote>`;
  });
  const html = `<!doctype html><html><body>${note ? `<p>${escapeHtml(note).replace(/\n/g, '<br>')}</p>` : ''}<p>---------- ${heading} ----------<br><b>Subject:</b> ${escapeHtml(subject)}</p>${htmlParts.join('')}</body></html>`;

  const mail: Mail.Options = {
    envelope: { from: channel.email, to: body.to },
    from: { name: cleanDisplayName(organization.name), address: channel.email },
    to: body.to,
    subject: `Fwd: ${subject}`,
    text,
    html,
    attachments: files.map((file) => ({
      filename: file.name,
      contentType: file.content_type,
      content: deps.store.open(file.sha256),
      ...(inline.has(file.id) ? { cid: inlineCid(file.id) } : {}),
    })),
    disableFileAccess: true,
    disableUrlAccess: true,
    dkim: { domainName: domain.domain, keySelector: deps.config.dkimSelector, privateKey: openPrivateKey(domain.dkim_private_key, deps.config.dkimKeySecret, { orgId, domain: domain.domain }) },
  };
  let rejected: string[];
  try {
    ({ rejected } = await deps.transport.send(mail));
  } catch (error) {
    throw badRequest(`The email could not be forwarded: ${(error instanceof Error ? error.message : String(error)).slice(0, 300)}`);
  }
  const delivered = body.to.filter((address) => !rejected.includes(address));
  if (delivered.length === 0) throw badRequest(`The email could not be forwarded: the mail server refused ${rejected.join(', ')}.`);

  const what = body.message_id === undefined ? 'Conversation forwarded' : 'Message forwarded';
  const trace = [`${what} to ${delivered.join(', ')} by ${agent.name}.`, ...(rejected.length > 0 ? [`Refused by their mail server: ${rejected.join(', ')}.`] : []), ...(note ? ['', note] : [])];
  return insertNote(write, conversation, agentId, { message: trace.join('\n'), attachments: '[]', targetId: body.target_id ?? null });
}

/** The one message named (a MESSAGE of this conversation, else 400), or every delivered or received one. */
async function forwardedRows(write: Write, conversation: ConversationRow, messageId: string | undefined): Promise<MessageRow[]> {
  if (messageId !== undefined) {
    const row = await findMessageRow(write.trx, write.orgId, messageId);
    if (!row || row.type !== 'MESSAGE' || row.conversation_id !== conversation.id || row.is_removed !== 0) throw fieldError('message_id', FORWARD_ERRORS.notAMessage);
    return [row];
  }
  return write.trx
    .selectFrom('messages')
    .selectAll()
    .where('org_id', '=', write.orgId)
    .where('conversation_id', '=', conversation.id)
    .where('type', '=', 'MESSAGE')
    .where('is_removed', '=', 0)
    .where('status', 'in', ['SENT', 'RECEIVED'])
    .orderBy('timestamp_ts')
    .orderBy('id')
    .execute();
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
