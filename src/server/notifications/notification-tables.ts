import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import { idColumn } from '../db/id-column';
import type { DialectName } from '../db/open-database';
import type { NotificationChannel, NotificationEvent } from '../../protocol/notifications/notification-settings';

/** A browser's push subscription (W3C Push API), one per device and agent. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  org_id: number;
  agent_id: number;
  /** The session that registered it: once that session ends (sign-out, revoked, expired) the device is told nothing more. */
  session_id: number;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  /** "Chrome on Android", from the User-Agent at registration. */
  label: string;
  created_at: number;
  last_push_at: number | null;
}

/**
 * One event told to one agent on one channel: the unit of "exactly once". Written in the same
 * transaction as the change it tells of; `(org_id, agent_id, channel, event_key)` is unique.
 */
export interface NotificationsTable {
  id: Generated<number>;
  org_id: number;
  agent_id: number;
  channel: NotificationChannel;
  event: NotificationEvent;
  event_key: string;
  conversation_id: number;
  /** JSON PushPayload: who, the subject, the first line, where to go. */
  payload: string;
  created_at: number;
  /** Pushed to every device (push), or mailed in a digest (email); null until then. */
  sent_at: number | null;
  /** Push: JSON list of the device ids already sent to, so a retry skips them. */
  delivered_to: string;
}

/** A digest's unsubscribe link: turns off one event's emails for one agent, once, without signing in. */
export interface NotificationUnsubscribesTable {
  token_hash: string;
  org_id: number;
  agent_id: number;
  event: NotificationEvent;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Keys the server makes for itself on first start (the VAPID key pair), shared by every instance. */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: number;
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type NotificationRow = Selectable<NotificationsTable>;

declare module '../db/database' {
  interface Database {
    push_subscriptions: PushSubscriptionsTable;
    notifications: NotificationsTable;
    notification_unsubscribes: NotificationUnsubscribesTable;
    server_keys: ServerKeysTable;
  }
}

/** 0018: notifications (issue 15). */
export async function createNotificationTables(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const schema = db.schema;
  await idColumn(schema, 'push_subscriptions', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('auth_tokens.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_push_at', 'bigint')
    .addUniqueConstraint('push_subscriptions_agent_endpoint_unique', ['agent_id', 'endpoint'])
    .execute();

  await idColumn(schema, 'notifications', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('delivered_to', 'text', (c) => c.notNull().defaultTo('[]'))
    .addUniqueConstraint('notifications_once_unique', ['org_id', 'agent_id', 'channel', 'event_key'])
    .execute();
  await schema
    .createIndex('notifications_unsent_index')
    .on('notifications')
    .columns(['agent_id', 'channel', 'created_at'])
    .where(sql.ref('sent_at'), 'is', null)
    .execute();

  await schema
    .createTable('notification_unsubscribes')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await schema
    .createTable('server_keys')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // When the agent's last digest went out: the next one waits out the digest window.
  await schema.alterTable('agents').addColumn('notification_digest_at', 'bigint').execute();
  // A note's @mentions: JSON list of agent ids, null without any.
  await schema.alterTable('messages').addColumn('mentions', 'text').execute();
}
