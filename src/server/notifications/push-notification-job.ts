import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { JobRow } from '../db/database';
import { readJsonColumn } from '../db/json-column';
import { completeJob } from '../jobs/job-queries';
import type { JobHandler } from '../jobs/job-runner';
import { runWrite, type WriteDeps } from '../realtime/write-transaction';
import type { PushSender } from './push-sender';

/** A push its services keep refusing for this long is given up: it would be stale news. */
export const PUSH_GIVE_UP_MS = 3600_000;

const deviceIds = z.array(z.number());

/**
 * The `push_notification` job: the notification goes to each of its agent's devices once, to
 * all of them side by side. A device that took it is noted at once, so a retry (after a
 * temporary failure of another device, or a restart) skips it; an expired subscription
 * (404/410) is dropped. Done when every device took it, refused it for good or is gone.
 */
export function pushNotificationJob(deps: WriteDeps, sender: PushSender, log: FastifyBaseLogger): JobHandler {
  return async (job: JobRow) => {
    const { db, clock } = deps;
    const notification = await db.selectFrom('notifications').selectAll().where('org_id', '=', job.org_id).where('id', '=', Number(job.ref)).executeTakeFirst();
    const failures: Error[] = [];
    if (notification && notification.sent_at === null) {
      const delivered = new Set(readJsonColumn(notification.delivered_to, deviceIds, []));
      const devices = await db
        .selectFrom('push_subscriptions')
        .leftJoin('auth_tokens', (join) =>
          join.onRef('auth_tokens.id', '=', 'push_subscriptions.session_id').on('auth_tokens.revoked_at', 'is', null).on('auth_tokens.expires_at', '>', clock()),
        )
        .selectAll('push_subscriptions')
        .select('auth_tokens.id as live_session')
        .where('push_subscriptions.agent_id', '=', notification.agent_id)
        .orderBy('push_subscriptions.id')
        .execute();
      // Every device at once: one whose push service never answers costs its timeout, not the others'.
      let saving = Promise.resolve();
      const noteDelivered = (deviceId: number) => {
        delivered.add(deviceId);
        // In order, each write carrying every device noted so far.
        saving = saving.then(async () => {
          await db.updateTable('notifications').set({ delivered_to: JSON.stringify([...delivered]) }).where('id', '=', notification.id).execute();
        });
        return saving;
      };
      const sendTo = async (device: (typeof devices)[number]) => {
        if (delivered.has(device.id) || device.created_at > notification.created_at) return;
        if (device.live_session === null) {
          // Signed out there (or the session was revoked or expired): the browser may be someone else's now.
          await db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
          return;
        }
        try {
          const outcome = await sender.send(device, notification.payload);
          if (outcome === 'gone') {
            await db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
            log.info({ device: device.id, agent: device.agent_id }, 'Push subscription expired: removed');
            return;
          }
          if (outcome === 'refused') log.warn({ device: device.id }, 'The push service refused a notification');
          await noteDelivered(device.id);
          if (outcome === 'sent') await db.updateTable('push_subscriptions').set({ last_push_at: clock() }).where('id', '=', device.id).execute();
        } catch (error) {
          failures.push(error instanceof Error ? error : new Error(String(error)));
        }
      };
      await Promise.all(devices.map(sendTo));
      const [failure] = failures;
      if (failure && clock() - Number(notification.created_at) < PUSH_GIVE_UP_MS) throw failure;
    }
    await runWrite(deps, { orgId: job.org_id }, async (write) => {
      if (!(await completeJob(write.trx, job.id, write.now))) return;
      if (notification) await write.trx.updateTable('notifications').set({ sent_at: write.now }).where('id', '=', notification.id).where('sent_at', 'is', null).execute();
    });
  };
}
