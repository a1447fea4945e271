import type { Message } from '../../protocol/documents';

/** A delivery that went out, possibly not to everyone: `warning` says to whom not (shown on the message). */
export type DeliveryResult = { warning: string | null };

/**
 * Hands a held message to its channel once its delay is over. Called outside the delivery
 * transaction (a transport must not hold the organization's write lock), and possibly again
 * for the same message if the process dies before that transaction commits. Throwing
 * PermanentDeliveryError fails the message for good (status FAILED, the reason shown on it);
 * any other error is temporary and the job is retried with backoff.
 */
export type MessageDelivery = { deliver(message: Message): Promise<DeliveryResult> };

/** A failure that no retry can fix (a 5xx answer, an address that cannot be used). */
export class PermanentDeliveryError extends Error {}

/** Delivery that only changes the message's status (messages of no channel, e.g. seeded ones). */
export const statusOnlyDelivery: MessageDelivery = { deliver: () => Promise.resolve({ warning: null }) };
