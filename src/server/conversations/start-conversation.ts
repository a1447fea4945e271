import type { NewConversationBody, NewConversationResponse } from '../../protocol/api/conversation-requests';
import { findContactByEmail, findOrCreateContactByEmail } from '../contacts/contact-writes';
import type { ChannelRow } from '../channels/channel-tables';
import { badRequest, fieldError } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { saveReply, type ReplyHold } from '../messages/save-reply';
import { lastUpdateText, toConversation } from './conversation-model';
import { insertIncomingConversation } from './insert-incoming-conversation';

export const START_ERRORS = {
  noAddress: 'Add a support address on a verified domain under Settings → Email before writing to customers.',
  notVerified: (domain: string) => `The domain ${domain} is not verified: verify it under Settings → Email, then send again.`,
  blocked: 'This contact is blocked: unblock them under Settings → Blocked before writing to them.',
} as const;

/**
 * An email conversation an agent starts (`POST conversations/`): the contact found or created by
 * address, the conversation assigned to the agent, and its first message saved as a held reply
 * (§4: delivered after its delay, undoable until then), all in one write. Resolves with the answer
 * and when the delivery job is due.
 */
export async function startConversation(
  write: Write,
  agentId: number,
  body: NewConversationBody,
  hold: ReplyHold,
): Promise<{ answer: NewConversationResponse; deliverAt: number | null }> {
  const channel = await sendingChannel(write, body.from);
  const known = await findContactByEmail(write, body.to);
  if (known && known.is_blocked) throw badRequest(START_ERRORS.blocked);
  const contact = known ?? (await findOrCreateContactByEmail(write, body.to));
  const created = await insertIncomingConversation(write, {
    contactId: contact.id,
    channel: 'EMAIL',
    channelId: channel.id,
    subject: body.subject,
    recipients: [],
    summary: lastUpdateText(body.message),
    startedBy: agentId,
  });
  const reply = await saveReply(
    write,
    created,
    agentId,
    {
      message: body.message,
      source: 'EMAIL',
      ...(body.html === undefined ? {} : { html: body.html }),
      ...(body.cc ? { cc: body.cc } : {}),
      ...(body.bcc ? { bcc: body.bcc } : {}),
      ...(body.attachments ? { attachments: body.attachments } : {}),
      ...(body.target_id === undefined ? {} : { target_id: body.target_id }),
      ...(body.sent_at === undefined ? {} : { sent_at: body.sent_at }),
    },
    hold,
  );
  const row = await write.trx.selectFrom('conversations').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
  const { message, generated_id } = reply.answer;
  return { answer: { conversation: toConversation(row), message, generated_id }, deliverAt: reply.deliverAt };
}

/** The support address it goes from: the one asked for, or the organization's first; on a verified domain either way. */
async function sendingChannel(write: Write, from: string | undefined): Promise<ChannelRow> {
  let query = write.trx.selectFrom('channels').selectAll().where('org_id', '=', write.orgId);
  if (from !== undefined) query = query.where('email', '=', from);
  const channels = await query.orderBy('id').execute();
  if (channels.length === 0) throw from === undefined ? badRequest(START_ERRORS.noAddress) : fieldError('from', 'is not a support address of this organization');
  const verified = await write.trx
    .selectFrom('email_domains')
    .select('domain')
    .where('org_id', '=', write.orgId)
    .where('verification', '=', 'VERIFIED')
    .where(
      'domain',
      'in',
      channels.map((channel) => channel.domain),
    )
    .execute();
  const usable = channels.find((channel) => verified.some((row) => row.domain === channel.domain));
  if (!usable) throw badRequest(START_ERRORS.notVerified(channels[0]?.domain ?? ''));
  return usable;
}
