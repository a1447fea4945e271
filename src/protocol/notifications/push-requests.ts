import { z } from 'zod';
import { idNumber } from '../api/id-fields';
import type { NotificationSettings } from './notification-settings';

const base64url = (length: { min: number; max: number }) =>
  z
    .string({ error: 'is required' })
    .min(length.min, { error: 'is not a key of a push subscription' })
    .max(length.max, { error: 'is not a key of a push subscription' })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: 'must be base64url' });

/** A push service's endpoint: every browser's push service speaks HTTPS (W3C Push API). */
const endpointField = z
  .string({ error: 'is required' })
  .max(2000, { error: 'is too long' })
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', { error: 'must be an https URL' });

/** `POST account/notifications/register`: the browser's PushSubscription (its toJSON()). */
export const pushRegisterBody = z.object({
  endpoint: endpointField,
  expirationTime: z.number().nullable().optional(),
  keys: z
    .object({
      /** The browser's P-256 public key (65 bytes, uncompressed point): 87 characters. */
      p256dh: base64url({ min: 86, max: 90 }),
      /** The 16-byte authentication secret: 22 characters. */
      auth: base64url({ min: 21, max: 26 }),
    })
    .strict(),
});
export type PushRegisterBody = z.infer<typeof pushRegisterBody>;

/** `POST account/notifications/unregister`: this device's endpoint, or a device of the list by id. */
export const pushUnregisterBody = z.union([z.object({ endpoint: endpointField }).strict(), z.object({ device_id: idNumber() }).strict()], {
  error: 'needs an endpoint or a device_id',
});
export type PushUnregisterBody = z.infer<typeof pushUnregisterBody>;

/** A device that receives the agent's pushes (its endpoint is only any use with the server's VAPID key). */
export type PushDevice = { id: number; label: string; endpoint: string; created_at: number; last_push_at: number | null };

/** `GET account/notifications` (and the answer of `PUT`, register and unregister). */
export type NotificationsResponse = {
  settings: NotificationSettings;
  devices: PushDevice[];
  /** The server's VAPID public key (base64url), for `pushManager.subscribe({applicationServerKey})`. */
  vapid_public_key: string;
};

/**
 * `POST notifications/unsubscribe/{token}` (no sign-in): which event's emails were turned off, and
 * in which organization. Never the agent's address: whoever holds the link (a forwarded mail)
 * would learn it.
 */
export type UnsubscribeResponse = { event: string; organization: string };

/** What a push carries to the service worker (encrypted end to end, RFC 8291). */
export type PushPayload = {
  /** Who: the customer or the teammate. */
  title: string;
  /** The subject and the first line. */
  body: string;
  event: string;
  /** The organization's slug and the conversation, to group by and to open on click. */
  slug: string;
  conversation_id: number;
  url: string;
  sent_at: number;
};
