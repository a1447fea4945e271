import { ConfigError } from '../config-error';
import { parsePrivateHostAllowance, type PrivateHostAllowance } from '../net/public-host';

export type NotificationConfig = {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; null: the pair kept in the database (made on first start). */
  vapid: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: how a push service reaches the operator (mailto: or https:). */
  vapidSubject: string;
  /** NOTIFICATION_DIGEST_MS: at most one notification email per agent in this time (300000). */
  digestMs: number;
  /** PUSH_ALLOW_PRIVATE_HOSTS: push services off the public internet the server may still reach (none). */
  pushPrivateHosts: PrivateHostAllowance;
};

/**
 * - VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY  the web push key pair (base64url, as `npx web-push
 *   generate-vapid-keys` prints); both or neither. Unset: made on first start and kept in the
 *   database, so every instance and every restart signs with the same pair.
 * - VAPID_SUBJECT  a mailto: or https: URL push services may use to reach you (mailto: MAIL_FROM's address)
 * - NOTIFICATION_DIGEST_MS  the shortest time between two notification emails to one agent (300000)
 * - PUSH_ALLOW_PRIVATE_HOSTS  push endpoints are refused when their host is or resolves to a
 *   loopback, private, link-local or other non-public address; this lists the hosts (names or
 *   addresses, comma-separated) of a self-hosted push service that may be, or `*` for any
 */
export function loadNotificationConfig(env: NodeJS.ProcessEnv, mailFrom: string): NotificationConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined;
  if ((publicKey === undefined) !== (privateKey === undefined)) throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  if (publicKey !== undefined && !/^[A-Za-z0-9_-]{86,88}$/.test(publicKey)) throw new ConfigError('VAPID_PUBLIC_KEY must be a base64url P-256 public key');
  if (privateKey !== undefined && !/^[A-Za-z0-9_-]{42,44}$/.test(privateKey)) throw new ConfigError('VAPID_PRIVATE_KEY must be a base64url P-256 private key');
  const subject = env.VAPID_SUBJECT?.trim() || `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom}`;
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) throw new ConfigError('VAPID_SUBJECT must be a mailto: or https: URL');
  const rawDigest = env.NOTIFICATION_DIGEST_MS?.trim();
  const digestMs = rawDigest ? Number(rawDigest) : 300_000;
  if (!Number.isInteger(digestMs) || digestMs < 100 || digestMs > 86_400_000) {
    throw new ConfigError('NOTIFICATION_DIGEST_MS must be a number of milliseconds (100 to 86400000)');
  }
  return {
    vapid: publicKey && privateKey ? { publicKey, privateKey } : null,
    vapidSubject: subject,
    digestMs,
    pushPrivateHosts: parsePrivateHostAllowance(env.PUSH_ALLOW_PRIVATE_HOSTS, 'PUSH_ALLOW_PRIVATE_HOSTS'),
  };
}
