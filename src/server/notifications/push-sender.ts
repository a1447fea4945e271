import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { checkAddressLiteral, hostOf, NonPublicHostError, publicOnlyLookup, type PrivateHostAllowance } from '../net/public-host';
import type { VapidKeys } from './vapid-keys';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * What became of one push: `sent` (the push service took it), `gone` (404/410: the subscription
 * expired or was withdrawn, RFC 8030 §7.3; 403: it was made for another VAPID key, RFC 8292 §4.2,
 * so it can never work again), `refused` (another 4xx: this message will never be taken). A
 * temporary failure (network, 429, 5xx) rejects, so the job retries. An endpoint off the public
 * internet is `refused`.
 */
export type PushOutcome = 'sent' | 'gone' | 'refused';

export type PushSender = { send(target: PushTarget, payload: string): Promise<PushOutcome> };

/** How long a push service keeps a message for an offline device (seconds). */
const PUSH_TTL_S = 24 * 3600;

/** How long one push service may keep the server waiting for its answer. */
export const PUSH_TIMEOUT_MS = 15_000;

/**
 * Sends with the web-push package: aes128gcm-encrypted payload (RFC 8291), VAPID-signed (RFC
 * 8292). An endpoint whose host is or resolves to a non-public address (unless the administrator
 * allows it) is refused for good without a connection: its connections resolve through
 * publicOnlyLookup, so the address checked is the address connected to, whatever DNS says later.
 */
export function createPushSender(vapid: () => Promise<VapidKeys>, privateHosts: PrivateHostAllowance): PushSender {
  const agent = new Agent({ lookup: publicOnlyLookup(privateHosts) });
  return {
    async send(target, payload) {
      const keys = await vapid();
      try {
        // A literal address never reaches the lookup: judged here.
        checkAddressLiteral(hostOf(new URL(target.endpoint)), privateHosts);
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails: keys,
          TTL: PUSH_TTL_S,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
          timeout: PUSH_TIMEOUT_MS,
          agent,
        });
        return 'sent';
      } catch (error) {
        if (error instanceof NonPublicHostError) return 'refused';
        if (error instanceof WebPushError) {
          if (error.statusCode === 404 || error.statusCode === 410 || error.statusCode === 403) return 'gone';
          if (error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429) return 'refused';
          throw new Error(`The push service answered ${error.statusCode}`, { cause: error });
        }
        throw error;
      }
    },
  };
}
