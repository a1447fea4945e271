import { z } from 'zod';
import type { UnsubscribeResponse } from '../../protocol/notifications/push-requests';
import { notificationSettingsOf } from '../../protocol/notifications/notification-settings';
import { hashSecretToken } from '../auth/secret-token';
import type { Db } from '../db/database';
import { readJsonColumn } from '../db/json-column';
import { notFound } from '../http/http-error';

export const UNSUBSCRIBE_LINK_USED = 'This link has expired or was already used.';

/**
 * An unsubscribe link of a digest: turns off that event's emails for its agent. It works once
 * (marked used in the same transaction that changes the settings) and needs no sign-in: the
 * 256-bit token is the proof.
 */
export async function useUnsubscribeLink(db: Db, token: string, now: number): Promise<UnsubscribeResponse> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('notification_unsubscribes')
      .set({ used_at: now })
      .where('token_hash', '=', hashSecretToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['agent_id', 'event'])
      .executeTakeFirst();
    if (!used) throw notFound(UNSUBSCRIBE_LINK_USED);
    const agent = await trx
      .selectFrom('agents')
      .innerJoin('organizations', 'organizations.id', 'agents.org_id')
      .select(['agents.notifications', 'organizations.name as organization'])
      .where('agents.id', '=', used.agent_id)
      .executeTakeFirst();
    if (!agent) throw notFound(UNSUBSCRIBE_LINK_USED);
    const settings = notificationSettingsOf(readJsonColumn(agent.notifications, z.unknown(), null));
    settings.events[used.event] = { ...settings.events[used.event], email: false };
    await trx.updateTable('agents').set({ notifications: JSON.stringify(settings) }).where('id', '=', used.agent_id).execute();
    return { event: used.event, organization: agent.organization };
  });
}
