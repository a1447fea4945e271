import { z } from 'zod';
import type { NotificationsResponse, PushDevice } from '../../protocol/notifications/push-requests';
import { notificationSettingsOf } from '../../protocol/notifications/notification-settings';
import type { AgentRow } from '../agents/agent-tables';
import type { Db } from '../db/database';
import { readJsonColumn } from '../db/json-column';
import type { PushSubscriptionRow } from './notification-tables';

/** Most devices one agent keeps: registering another forgets the one unused longest. */
export const MAX_PUSH_DEVICES = 20;

export function toPushDevice(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    label: row.label,
    endpoint: row.endpoint,
    created_at: Number(row.created_at),
    last_push_at: row.last_push_at === null ? null : Number(row.last_push_at),
  };
}

/** The agent's settings, devices and the key a browser subscribes with. */
export async function notificationsOf(db: Db, agent: AgentRow, vapidPublicKey: string, now: number): Promise<NotificationsResponse> {
  // A device whose session ended (signed out there) receives nothing and is not listed.
  const devices = await db
    .selectFrom('push_subscriptions')
    .innerJoin('auth_tokens', 'auth_tokens.id', 'push_subscriptions.session_id')
    .selectAll('push_subscriptions')
    .where('push_subscriptions.agent_id', '=', agent.id)
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', now)
    .orderBy('push_subscriptions.created_at')
    .orderBy('push_subscriptions.id')
    .execute();
  return {
    settings: notificationSettingsOf(readJsonColumn(agent.notifications, z.unknown(), null)),
    devices: devices.map(toPushDevice),
    vapid_public_key: vapidPublicKey,
  };
}
