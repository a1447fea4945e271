import type { NotificationEvent } from '../../protocol/notifications/notification-settings';

const MAX_LINE = 160;
const MAX_SUBJECT = 120;

/** The first line of a message with text in it, shortened for a notification. */
export function firstLine(text: string): string {
  const line = text.split(/\r?\n/).map((part) => part.trim()).find((part) => part.length > 0) ?? '';
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

/** A notification's title: who, and what they did when it is not a customer writing. */
export function notificationTitle(event: NotificationEvent, name: string): string {
  const who = name.length > 80 ? `${name.slice(0, 79)}…` : name;
  switch (event) {
    case 'new_conversation':
    case 'customer_reply':
      return who;
    case 'assigned':
      return `${who} assigned you a conversation`;
    case 'mentioned':
      return `${who} mentioned you`;
    case 'draft_shared':
      return `${who} shared a draft with you`;
  }
}

/** Its body: the subject, then the first line (when there is one). */
export function notificationBody(event: NotificationEvent, subject: string, text: string): string {
  // A push carries at most 4 KB (RFC 8030): every part is kept short.
  const short = subject.length > MAX_SUBJECT ? `${subject.slice(0, MAX_SUBJECT - 1)}…` : subject;
  const head = event === 'new_conversation' ? `New conversation: ${short}` : short;
  const line = firstLine(text);
  return line ? `${head}\n${line}` : head;
}
