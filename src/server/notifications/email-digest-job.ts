import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { PushPayload } from '../../protocol/notifications/push-requests';
import type { NotificationEvent } from '../../protocol/notifications/notification-settings';
import { createSecretToken, hashSecretToken } from '../auth/secret-token';
import type { JobRow } from '../db/database';
import { readJsonColumn } from '../db/json-column';
import { completeJob, scheduleJob } from '../jobs/job-queries';
import type { JobHandler } from '../jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import { runWrite, type WriteDeps } from '../realtime/write-transaction';
import { digestEmail } from './digest-email';

/** How long an unsubscribe link works (if not used before). */
export const UNSUBSCRIBE_TTL_MS = 60 * 24 * 3600_000;

const payloadSchema: z.ZodType<PushPayload> = z.object({
  title: z.string(),
  body: z.string(),
  event: z.string(),
  slug: z.string(),
  conversation_id: z.number(),
  url: z.string(),
  sent_at: z.number(),
});

export type DigestDeps = { mailer: Mailer; publicUrl: () => string; digestMs: number; log: FastifyBaseLogger };

/**
 * The `email_digest` job of one agent (ref: the agent's id): at most one mail per digest window
 * with every email notification not mailed yet. One such job per agent waits or runs at a time
 * (record-notifications.ts starts one only when none is pending), so two instances never mail
 * the same notification; one that arrives while the mail is being sent is left for the next
 * digest, which this job schedules when it finishes. A failed send is retried by the runner.
 */
export function emailDigestJob(deps: WriteDeps, digest: DigestDeps): JobHandler {
  return async (job: JobRow) => {
    const { db, clock } = deps;
    const agent = await db.selectFrom('agents').selectAll().where('org_id', '=', job.org_id).where('id', '=', Number(job.ref)).executeTakeFirst();
    const last = agent?.notification_digest_at == null ? null : Number(agent.notification_digest_at);
    if (agent && agent.is_removed === 0 && last !== null && clock() < last + digest.digestMs) {
      // Too soon after the last mail: wait out the window (still the agent's pending digest).
      await db.updateTable('jobs').set({ run_at: last + digest.digestMs, locked_until: null }).where('id', '=', job.id).where('done_at', 'is', null).execute();
      return;
    }
    const rows = agent
      ? await db
          .selectFrom('notifications')
          .selectAll()
          .where('agent_id', '=', agent.id)
          .where('channel', '=', 'email')
          .where('sent_at', 'is', null)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      : [];
    const items = rows.flatMap((row) => {
      const payload = readJsonColumn(row.payload, payloadSchema, null);
      return payload ? [{ payload, event: row.event }] : [];
    });
    if (agent && agent.is_removed === 0 && items.length > 0) {
      const organization = await db.selectFrom('organizations').select('name').where('id', '=', job.org_id).executeTakeFirstOrThrow();
      const now = clock();
      const events = [...new Set(items.map((item) => item.event))];
      const links = new Map<NotificationEvent, string>();
      for (const event of events) {
        const token = createSecretToken();
        await db
          .insertInto('notification_unsubscribes')
          .values({ token_hash: hashSecretToken(token), org_id: job.org_id, agent_id: agent.id, event, created_at: now, expires_at: now + UNSUBSCRIBE_TTL_MS, used_at: null })
          .execute();
        links.set(event, `${digest.publicUrl()}/unsubscribe/${token}`);
      }
      await digest.mailer.send(
        digestEmail({
          to: agent.email,
          organization: organization.name,
          items,
          conversationLink: (payload) => `${digest.publicUrl()}${payload.url}`,
          unsubscribeLinks: links,
        }),
      );
      digest.log.info({ agent: agent.id, items: items.length }, 'Notification digest sent');
    }
    await runWrite(deps, { orgId: job.org_id }, async (write) => {
      if (!(await completeJob(write.trx, job.id, write.now))) return;
      const ids = rows.map((row) => row.id);
      if (ids.length > 0) await write.trx.updateTable('notifications').set({ sent_at: write.now }).where('id', 'in', ids).execute();
      if (!agent || items.length === 0) return;
      await write.trx.updateTable('agents').set({ notification_digest_at: write.now }).where('id', '=', agent.id).execute();
      const later = await write.trx
        .selectFrom('notifications')
        .select('id')
        .where('agent_id', '=', agent.id)
        .where('channel', '=', 'email')
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      if (later) await scheduleJob(write.trx, { orgId: write.orgId, kind: 'email_digest', ref: String(agent.id), runAt: write.now + digest.digestMs, now: write.now });
    });
  };
}
