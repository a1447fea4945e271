import type { JobRow } from '../db/database';
import { completeJob } from '../jobs/job-queries';
import type { JobHandler } from '../jobs/job-runner';
import { runWrite, type WriteDeps } from '../realtime/write-transaction';
import type { MessageDelivery } from './message-delivery';
import { toMessage } from './message-model';
import { findMessageRow } from './message-queries';
import { updateMessage } from './message-writes';

/**
 * The `deliver_message` job: hands the held message to its channel, then marks it SENT, clears
 * deliver_at and marks the job done in one transaction. An undo that committed first cancelled
 * the job, and then nothing changes; a restart before the commit runs the job again.
 */
export function deliverMessageJob(deps: WriteDeps, delivery: MessageDelivery): JobHandler {
  return async (job: JobRow) => {
    const pending = await findMessageRow(deps.db, job.org_id, job.ref);
    if (pending?.status === 'PENDING') await delivery.deliver(toMessage(pending));
    await runWrite(deps, { orgId: job.org_id }, async (write) => {
      if (!(await completeJob(write.trx, job.id, write.now))) return;
      const row = await findMessageRow(write.trx, write.orgId, job.ref);
      if (row?.status !== 'PENDING') return;
      await updateMessage(write, row.id, { status: 'SENT', deliver_at: null });
    });
  };
}
