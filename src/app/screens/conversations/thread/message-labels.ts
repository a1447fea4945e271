import type { AutoKind, Message } from '../../../../protocol/documents';

/** The quiet badge of mail a machine wrote: shown, never answered automatically. */
export const AUTO_KIND_LABELS: Record<AutoKind, string> = {
  AUTO_REPLY: 'Auto-reply',
  BOUNCE: 'Bounce',
  BULK: 'Bulk mail',
};

export type DeliveryProblem = { failed: boolean; text: string };

/**
 * What to say under a reply about its delivery: a FAILED reply says why the mail server (or the
 * server, `delivery_error`) or the outbox (`outboxFailure`, a refused request) gave up; a reply
 * still retried or partly refused shows the server's note as it is. Null: nothing to say.
 */
export function deliveryProblem(message: Pick<Message, 'status' | 'delivery_error'>, outboxFailure: string | undefined): DeliveryProblem | null {
  const reason = message.delivery_error?.trim() || null;
  if (message.status === 'FAILED') {
    if (reason) return { failed: true, text: `Not delivered: ${reason}` };
    return { failed: true, text: `Not sent: ${outboxFailure ?? 'the message could not be delivered.'}` };
  }
  if (reason && message.status !== 'CANCELLED') return { failed: false, text: reason };
  return null;
}
