import type { ReplyBody, ReplyResponse } from '../../protocol/api/conversation-requests';
import { CHAT_MESSAGE_DELAY_S } from '../../protocol/constants';
import type { Attachment, MessageSource } from '../../protocol/documents';
import { replyAttachments } from '../channels/outbound/reply-attachments';
import { sanitizeEmailHtml } from '../content/sanitize-email-html';
import { updateConversation } from '../conversations/conversation-changes';
import { lastUpdateText } from '../conversations/conversation-model';
import type { ConversationRow } from '../conversations/conversation-tables';
import { deleteSentDraft } from '../drafts/draft-writes';
import { scheduleJob } from '../jobs/job-queries';
import { fieldError } from '../http/http-error';
import { writeJsonListColumn } from '../db/json-column';
import type { Write } from '../realtime/write-transaction';
import { insertMessage } from './message-writes';

const DAY_MS = 24 * 3600_000;

/**
 * When a held message goes out: its delay counts from when the agent pressed send, offline time
 * included, but a send time in the future or more than a day old is not believed.
 */
export function deliveryTime(now: number, sentAt: number | undefined, delaySeconds: number): { pressedAt: number; deliverAt: number } {
  const pressedAt = Math.min(Math.max(sentAt ?? now, now - DAY_MS), now);
  return { pressedAt, deliverAt: pressedAt + delaySeconds * 1000 };
}

/**
 * When the delivery job of a held reply runs. A reply whose device will release it
 * (`awaits_release`) waits for that release, or, if the device is not heard from, for
 * `graceMs` (RELEASE_GRACE_S) after its delay, counted from no earlier than now: a reply that
 * arrives late (sent offline, or its answer was lost) still leaves room for an undo behind it.
 */
export function deliveryJobTime(now: number, deliverAt: number, awaitsRelease: boolean, graceMs: number): number {
  return awaitsRelease ? Math.max(deliverAt, now) + graceMs : deliverAt;
}

/**
 * How a reply is held: `holdSeconds`, the server's REPLY_HOLD_S (the spec's PENDING_MESSAGE_DELAY_S
 * by default), and the grace a reply awaiting its device's release gets after it (RELEASE_GRACE_MS).
 */
export type ReplyHold = { holdSeconds: number; releaseGraceMs: number };

/**
 * A reply (§4). Chat goes out at once (SENT); anything else is saved PENDING for the server's
 * hold (`holdSeconds`, stored as the message's `delay`) with a delivery job in the same
 * transaction, and can be undone until the job runs (see undo-message.ts). The draft it was
 * written in goes with it. Resolves with the answer and when the job is due (null when already sent).
 */
export async function saveReply(
  write: Write,
  conversation: ConversationRow,
  agentId: number,
  body: ReplyBody,
  hold: ReplyHold,
): Promise<{ answer: ReplyResponse; deliverAt: number | null }> {
  const source: MessageSource = body.source ?? (conversation.channel === 'CHAT' ? 'CHAT' : 'EMAIL');
  const delay = source === 'CHAT' ? CHAT_MESSAGE_DELAY_S : hold.holdSeconds;
  const { pressedAt, deliverAt } = deliveryTime(write.now, body.sent_at, delay);
  const held = delay > 0;
  if (source !== 'EMAIL') assertPlainReply(body);
  const files = await replyAttachments(write, body.attachments ?? []);
  const html = body.html === undefined ? null : replyHtml(body.html, body.attachments ?? [], files.documents);
  const message = await insertMessage(write, {
    conversation_id: conversation.id,
    type: 'MESSAGE',
    message: body.message,
    timestamp_ts: pressedAt,
    attachments: JSON.stringify(files.documents),
    status: held ? 'PENDING' : 'SENT',
    source,
    delay,
    deliver_at: held ? deliverAt : null,
    agent_id: agentId,
    contact_id: null,
    target_id: body.target_id ?? null,
    is_removed: 0,
    html,
    cc: writeJsonListColumn(body.cc && [...new Set(body.cc)]),
    bcc: writeJsonListColumn(body.bcc && [...new Set(body.bcc)]),
  });
  await files.attach(Number(message.id.slice(2)));
  const runAt = deliveryJobTime(write.now, deliverAt, body.awaits_release === true, hold.releaseGraceMs);
  if (held) await scheduleJob(write.trx, { orgId: write.orgId, kind: 'deliver_message', ref: message.id, runAt, now: write.now });
  await updateConversation(write, conversation, {
    last_update: lastUpdateText(body.message),
    last_update_ts: Math.max(Number(conversation.last_update_ts), pressedAt),
  });
  await deleteSentDraft(write, conversation, agentId, body.draft_id);
  return { answer: { message, generated_id: message.id }, deliverAt: held ? runAt : null };
}

/** Formatting, copies and blind copies are email's: a chat reply carrying them is refused, not half sent. */
function assertPlainReply(body: ReplyBody): void {
  if (body.html !== undefined) throw fieldError('html', 'is only for email replies');
  if (body.cc?.length) throw fieldError('cc', 'is only for email replies');
  if (body.bcc?.length) throw fieldError('bcc', 'is only for email replies');
}

/**
 * The formatted body as stored: sanitised like received mail, its inline images (`cid:attachment-<id>`)
 * pointing at the reply's own files; an image naming any other file is dropped.
 */
export function replyHtml(html: string, ids: readonly number[], files: readonly Attachment[]): string | null {
  const clean = sanitizeEmailHtml(html, (cid) => {
    const match = /^attachment-(\d+)$/.exec(cid);
    const index = match ? [...new Set(ids)].indexOf(Number(match[1])) : -1;
    return index === -1 ? null : (files[index]?.url ?? null);
  });
  // An image left without a source (another file, a script URL) is dropped, not kept empty.
  const shown = clean.replace(/<img(?![^>]*\sdata-src=)[^>]*>/g, '').trim();
  return shown === '' ? null : shown;
}
