import { SNOOZE_MAX_MS } from '../../protocol/api/conversation-requests';
import type { Conversation } from '../../protocol/documents';
import type { ConversationRow } from './conversation-tables';
import type { JobRow } from '../db/database';
import { fieldError } from '../http/http-error';
import { cancelJobs, completeJob, scheduleJob } from '../jobs/job-queries';
import type { JobHandler } from '../jobs/job-runner';
import { runWrite, type Write, type WriteDeps } from '../realtime/write-transaction';
import { findConversationForWrite, updateConversation } from './conversation-changes';
import { findConversationRow } from './conversation-queries';

/**
 * Snoozes a conversation until `until` (or wakes it with null): the conversation's
 * `snoozed_until` and its `wake_conversation` job are written in one transaction, so the
 * wake-up survives restarts and runs once across instances (the job runner's claim). An earlier
 * snooze's job is cancelled. Resolves with the conversation and the time to wake the runner at.
 */
export async function snoozeConversation(write: Write, id: number, until: number | null): Promise<{ conversation: Conversation; wakeAt: number | null }> {
  if (until !== null && until <= write.now) throw fieldError('until', 'must be in the future');
  if (until !== null && until > write.now + SNOOZE_MAX_MS) throw fieldError('until', 'must be within a year');
  const row = await findConversationForWrite(write, id);
  await cancelJobs(write.trx, { orgId: write.orgId, kind: 'wake_conversation', ref: String(id), now: write.now });
  if (until !== null) await scheduleJob(write.trx, { orgId: write.orgId, kind: 'wake_conversation', ref: String(id), runAt: until, now: write.now });
  return { conversation: await updateConversation(write, row, { snoozed_until: until }), wakeAt: until };
}

/** What a customer's new message does to a snoozed conversation: it comes back now (its job then finds nothing to do). */
export function wakeOnCustomerMessage(row: Pick<ConversationRow, 'snoozed_until'>): { snoozed_until?: null } {
  return row.snoozed_until === null ? {} : { snoozed_until: null };
}

/**
 * The `wake_conversation` job: at its time the conversation leaves its snooze (one feed row:
 * every list shows it again). A snooze changed or ended meanwhile leaves it alone: it has a job
 * of its own, or none.
 */
export function wakeConversationJob(deps: WriteDeps): JobHandler {
  return async (job: JobRow) => {
    await runWrite(deps, { orgId: job.org_id }, async (write) => {
      if (!(await completeJob(write.trx, job.id, write.now))) return;
      const row = await findConversationRow(write.trx, write.orgId, Number(job.ref));
      if (row?.snoozed_until == null || Number(row.snoozed_until) > write.now) return;
      await updateConversation(write, row, { snoozed_until: null });
    });
  };
}
