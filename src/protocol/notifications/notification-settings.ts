import { z } from 'zod';
import { singleLineText } from '../api/text-fields';

/** What an agent can be told about (issue 15), in the order the settings page lists them. */
export const NOTIFICATION_EVENTS = ['new_conversation', 'customer_reply', 'assigned', 'mentioned', 'draft_shared'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** How: a push to each registered device, or an email (batched into a digest). */
export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelChoice = Record<NotificationChannel, boolean>;

/** §3 Agent `notifications`: per event, per channel; `inbox` says which inbox "new conversation" watches. */
export type NotificationSettings = {
  events: Record<NotificationEvent, ChannelChoice>;
  /** A custom inbox's key, or null for the agent's default inbox (§2 default inbox query). */
  inbox: string | null;
};

/** A new agent is pushed everything and emailed what is addressed to them personally. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  events: {
    new_conversation: { push: true, email: false },
    customer_reply: { push: true, email: true },
    assigned: { push: true, email: true },
    mentioned: { push: true, email: true },
    draft_shared: { push: true, email: false },
  },
  inbox: null,
};

export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  new_conversation: 'A new conversation arrives in my inbox',
  customer_reply: 'A customer replies to a conversation assigned to me',
  assigned: 'A conversation is assigned to me',
  mentioned: 'A teammate mentions me in a note',
  draft_shared: 'A teammate shares a draft with me',
};

const channelChoice = z.object({ push: z.boolean({ error: 'must be true or false' }), email: z.boolean({ error: 'must be true or false' }) }).strict();

/** `PUT account/notifications`: the whole settings, every event named. */
export const notificationSettingsBody = z
  .object({
    events: z
      .object({
        new_conversation: channelChoice,
        customer_reply: channelChoice,
        assigned: channelChoice,
        mentioned: channelChoice,
        draft_shared: channelChoice,
      })
      .strict(),
    inbox: singleLineText().trim().min(1).max(80).nullable(),
  })
  .strict();

/**
 * Settings as stored, read leniently: a row written before issue 15 (or missing an event) gets
 * the defaults for what it lacks.
 */
export function notificationSettingsOf(stored: unknown): NotificationSettings {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Partial<NotificationSettings>;
  const events = { ...DEFAULT_NOTIFICATIONS.events };
  for (const event of NOTIFICATION_EVENTS) {
    const choice = channelChoice.safeParse(value.events?.[event]);
    if (choice.success) events[event] = choice.data;
  }
  return { events, inbox: typeof value.inbox === 'string' ? value.inbox : null };
}
