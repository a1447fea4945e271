import type { Message } from '../../protocol/documents';

/**
 * Hands a held message to its channel once its delay is over. Email and chat transports come
 * with their channels; until then delivery only changes the message's status. Called outside
 * the delivery transaction (a transport must not hold the organization's write lock), and
 * possibly again for the same message if the process dies before that transaction commits.
 */
export type MessageDelivery = { deliver(message: Message): Promise<void> };

export const statusOnlyDelivery: MessageDelivery = { deliver: () => Promise.resolve() };
