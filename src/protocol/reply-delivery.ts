import type { Channel } from './documents';

/**
 * Whether a reply of an email conversation can leave, decided the same way by the server's
 * delivery (right before the transport) and by the composer (before the agent types), so the
 * notice above the reply box and the "Not delivered" on a sent reply never disagree.
 */

/** A support address a reply may go from: its channel id, the address, its domain and whether the organization has proven it. */
export type SendingAddress = { id: number; email: string; domain: string; verified: boolean };

/**
 * Why a reply cannot leave. NO_ADDRESS: the organization has no support address; UNVERIFIED:
 * the address it would go from is on a domain the organization has not proven; NO_RECIPIENT:
 * neither the customer nor any other recipient of the conversation has an email address.
 */
export type ReplyBlocker = { kind: 'NO_ADDRESS' } | { kind: 'UNVERIFIED'; email: string; domain: string } | { kind: 'NO_RECIPIENT' };

/**
 * The address a conversation's replies go from: its own support address while it exists, else
 * the organization's first (the oldest), like a forward. A conversation the seed or an import
 * made has none of its own.
 */
export function replySender(channelId: number | null, addresses: readonly SendingAddress[]): SendingAddress | null {
  const own = channelId === null ? undefined : addresses.find((address) => address.id === channelId);
  if (own) return own;
  return addresses.reduce<SendingAddress | null>((first, address) => (first === null || address.id < first.id ? address : first), null);
}

export type ReplyRoute = {
  channel: Channel;
  channelId: number | null;
  addresses: readonly SendingAddress[];
  /** The customer's address and the other recipients' (empty strings for none); null when not known yet. */
  recipients: readonly string[] | null;
};

/** What keeps a reply of this conversation from leaving, or null when nothing does (chat replies never are kept). */
export function replyBlocker(route: ReplyRoute): ReplyBlocker | null {
  if (route.channel !== 'EMAIL') return null;
  const sender = replySender(route.channelId, route.addresses);
  if (!sender) return { kind: 'NO_ADDRESS' };
  if (!sender.verified) return { kind: 'UNVERIFIED', email: sender.email, domain: sender.domain };
  if (route.recipients !== null && !route.recipients.some((address) => address.trim() !== '')) return { kind: 'NO_RECIPIENT' };
  return null;
}

/** Why such a reply was not delivered, as stored on it (`delivery_error`) and shown after "Not delivered: ". */
export function replyBlockerReason(blocker: ReplyBlocker): string {
  switch (blocker.kind) {
    case 'NO_ADDRESS':
      return 'Your organization has no support address to send from: add one under Settings → Email, then retry.';
    case 'UNVERIFIED':
      return `The domain ${blocker.domain} is not verified: verify it under Settings → Email, then retry.`;
    case 'NO_RECIPIENT':
      return 'The customer has no email address: add one to the contact, then retry.';
  }
}
