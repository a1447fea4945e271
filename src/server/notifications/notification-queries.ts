import { z } from 'zod';
import type { NotificationsResponse, PushDevice } from '../../protocol/notifications/push-requests';
import { notificationSettingsOf } from '../../protocol/notifications/notification-settings';
import type { AgentRow, Db } from '../db/database';
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
export async function notificationsOf(db: Db, agent: AgentRow, vapidPublicKey: string): Promise<NotificationsResponse> {
  const devices = await db.selectFrom('push_subscriptions').selectAll().where('agent_id', '=', agent.id).orderBy('created_at').orderBy('id').execute();
  return {
    settings: notificationSettingsOf(readJsonColumn(agent.notifications, z.unknown(), null)),
    devices: devices.map(toPushDevice),
    vapid_public_key: vapidPublicKey,
  };
}
