import type { Kysely } from 'kysely';
import { parseInboxQuery } from '../../protocol/inbox-query/parse-inbox-query';
import { matchesInboxQuery } from '../../protocol/inbox-query/match-inbox-query';
import { inboxTimeZone } from '../conversations/inbox-time-zone';
import type { CustomInbox } from '../../protocol/api/models';
import type { PushPayload } from '../../protocol/notifications/push-requests';
import {
  notificationSettingsOf,
  type NotificationChannel,
  type NotificationEvent,
} from '../../protocol/notifications/notification-settings';
import { watchedInboxQuery } from '../../protocol/notifications/watched-inbox';
import { toConversation } from '../conversations/conversation-model';
import type { AgentRow } from '../agents/agent-tables';
import type { ConversationRow } from '../conversations/conversation-tables';
import type { Database } from '../db/database';
import { readJsonColumn } from '../db/json-column';
import { scheduleJob } from '../jobs/job-queries';
import type { Write } from '../realtime/write-transaction';
import { z } from 'zod';
import { notificationBody, notificationTitle } from './notification-text';

/** Something that happened which agents may want to be told of. */
export type NotificationCause = {
  event: NotificationEvent;
  conversation: ConversationRow;
  /** Names this occurrence: the same key never notifies an agent twice on a channel. */
  key: string;
  /** The teammate who did it (never told of their own doing), or null for a customer. */
  actorId: number | null;
  /** Who, as the notification names them: the teammate or the contact. */
  who: string;
  /** The text whose first line the notification shows. */
  text: string;
  /** Who is concerned; `inbox-watchers`: every agent whose watched inbox holds the conversation. */
  recipients: readonly number[] | 'inbox-watchers';
};

const customInboxes: z.ZodType<CustomInbox[]> = z.array(
  z.object({ key: z.string(), name: z.string(), query: z.string(), is_default: z.literal(true).optional() }),
);

/**
 * Writes, in the caller's transaction, one notification per recipient and channel the
 * recipient chose, and its job: a push job per notification, or the agent's email digest job.
 * Being in the same transaction as the change, a notification exists exactly when the change
 * does; the unique event key keeps a repeat from telling anyone twice.
 */
export async function recordNotifications(write: Write, cause: NotificationCause): Promise<number> {
  const agents = await recipientsOf(write, cause);
  if (agents.length === 0) return 0;
  const { slug } = await write.trx.selectFrom('organizations').select('slug').where('id', '=', write.orgId).executeTakeFirstOrThrow();
  const conversation = toConversation(cause.conversation);
  const payload: PushPayload = {
    title: notificationTitle(cause.event, cause.who),
    body: notificationBody(cause.event, conversation.subject, cause.text),
    event: cause.event,
    slug,
    conversation_id: conversation.id,
    url: `/${slug}/conversations/view/${conversation.id}`,
    sent_at: write.now,
  };
  const withDevices = new Set(
    (
      await write.trx
        .selectFrom('push_subscriptions')
        .select('agent_id')
        .where(
          'agent_id',
          'in',
          agents.map((agent) => agent.id),
        )
        .execute()
    ).map((row) => row.agent_id),
  );
  let written = 0;
  for (const agent of agents) {
    const choice = notificationSettingsOf(readJsonColumn(agent.notifications, z.unknown(), null)).events[cause.event];
    if (choice.push && withDevices.has(agent.id)) {
      const id = await insertNotification(write, agent.id, 'push', cause, payload);
      if (id !== null) {
        await scheduleJob(write.trx, { orgId: write.orgId, kind: 'push_notification', ref: String(id), runAt: write.now, now: write.now });
        written += 1;
      }
    }
    if (choice.email) {
      const id = await insertNotification(write, agent.id, 'email', cause, payload);
      if (id !== null) {
        await ensureDigestJob(write.trx, write.orgId, agent.id, write.now);
        written += 1;
      }
    }
  }
  return written;
}

async function recipientsOf(write: Write, cause: NotificationCause): Promise<AgentRow[]> {
  let query = write.trx.selectFrom('agents').selectAll().where('org_id', '=', write.orgId).where('is_removed', '=', 0);
  if (cause.actorId !== null) query = query.where('id', '!=', cause.actorId);
  if (cause.recipients !== 'inbox-watchers') {
    if (cause.recipients.length === 0) return [];
    query = query.where('id', 'in', [...cause.recipients]);
  }
  const agents = await query.orderBy('id').execute();
  if (cause.recipients !== 'inbox-watchers') return agents;
  const conversation = toConversation(cause.conversation);
  const contact = await write.trx.selectFrom('contacts').select(['name', 'email']).where('id', '=', conversation.contact_id).executeTakeFirst();
  const watched = agents.map((agent) => {
    const settings = notificationSettingsOf(readJsonColumn(agent.notifications, z.unknown(), null));
    return { agent, parsed: parseInboxQuery(watchedInboxQuery(readJsonColumn(agent.custom_inboxes, customInboxes, []), settings)) };
  });
  const timeZone = await inboxTimeZone(write.trx, write.orgId, watched.flatMap(({ parsed }) => (parsed.ok ? parsed.query.terms : [])));
  return watched.filter(({ agent, parsed }) => parsed.ok && matchesInboxQuery(parsed.query, conversation, { me: agent.id, contact, timeZone })).map(({ agent }) => agent);
}

/** The notification's id, or null when this event was already told to this agent on this channel. */
async function insertNotification(
  write: Write,
  agentId: number,
  channel: NotificationChannel,
  cause: NotificationCause,
  payload: PushPayload,
): Promise<number | null> {
  const row = await write.trx
    .insertInto('notifications')
    .values({
      org_id: write.orgId,
      agent_id: agentId,
      channel,
      event: cause.event,
      event_key: cause.key,
      conversation_id: cause.conversation.id,
      payload: JSON.stringify(payload),
      created_at: write.now,
      sent_at: null,
      delivered_to: '[]',
    })
    .onConflict((conflict) => conflict.columns(['org_id', 'agent_id', 'channel', 'event_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * The agent's digest goes out from one job at a time: a new email notification joins the job
 * waiting or running (which schedules the next digest for what it did not mail), or starts one.
 * The organization's write lock makes the check and the insert one step on both databases.
 */
async function ensureDigestJob(trx: Kysely<Database>, orgId: number, agentId: number, now: number): Promise<void> {
  const waiting = await trx
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'email_digest')
    .where('ref', '=', String(agentId))
    .where('done_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (!waiting) await scheduleJob(trx, { orgId, kind: 'email_digest', ref: String(agentId), runAt: now, now });
}
