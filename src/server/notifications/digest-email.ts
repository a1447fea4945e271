import { NOTIFICATION_EVENT_LABELS, type NotificationEvent } from '../../protocol/notifications/notification-settings';
import type { PushPayload } from '../../protocol/notifications/push-requests';
import type { MailMessage } from '../mail/mailer';

export type DigestItem = { payload: PushPayload; event: NotificationEvent };

const PRODUCT = 'Support Inbox';

/**
 * One email telling an agent what happened since the last: each item with a link to its
 * conversation, then one unsubscribe link per kind of event it holds.
 */
export function digestEmail(input: {
  to: string;
  organization: string;
  items: readonly DigestItem[];
  conversationLink: (payload: PushPayload) => string;
  unsubscribeLinks: ReadonlyMap<NotificationEvent, string>;
}): MailMessage {
  const { items } = input;
  const first = items[0];
  if (!first) throw new Error('A digest needs at least one item');
  const subject = items.length === 1 ? `${first.payload.title} — ${input.organization}` : `${items.length} updates in ${input.organization}`;
  const text = [
    `What happened in ${input.organization} on ${PRODUCT}:`,
    '',
    ...items.flatMap(({ payload }) => [`• ${payload.title}`, ...payload.body.split('\n').map((line) => `  ${line}`), `  ${input.conversationLink(payload)}`, '']),
    '—',
    ...[...input.unsubscribeLinks].map(([event, link]) => `Stop emails for "${NOTIFICATION_EVENT_LABELS[event]}": ${link}`),
    `Change what you are told in Account → Notifications.`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>What happened in ${escapeHtml(input.organization)} on ${PRODUCT}:</p>`,
    '<ul style="padding-left: 1.2em">',
    ...items.map(
      ({ payload }) =>
        `<li style="margin-bottom: 0.8em"><a href="${escapeHtml(input.conversationLink(payload))}"><strong>${escapeHtml(payload.title)}</strong></a><br>${payload.body
          .split('\n')
          .map(escapeHtml)
          .join('<br>')}</li>`,
    ),
    '</ul>',
    '<p style="color: #666; font-size: 0.9em">',
    ...[...input.unsubscribeLinks].map(([event, link]) => `<a href="${escapeHtml(link)}">Stop emails for “${escapeHtml(NOTIFICATION_EVENT_LABELS[event])}”</a><br>`),
    'Change what you are told in Account → Notifications.</p>',
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject, text, html, link: input.conversationLink(first.payload) };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
