import type { JobRow } from '../db/database';
import { completeJob, scheduleJob } from '../jobs/job-queries';
import type { JobHandler } from '../jobs/job-runner';
import { findConversationRow } from '../conversations/conversation-queries';
import { runWrite, type WriteDeps } from '../realtime/write-transaction';
import { isWaitTrigger } from '../../protocol/rules/rule-model';
import { toRule } from './rule-model';
import { runRules } from './rule-engine';
import { sceneOf } from './rule-context';
import { parseWaitRef, RULE_WAIT_JOB, waitEnds, waitingConversations } from './rule-waits';

/**
 * A `rule_wait` job: its rule runs on the conversation if the conversation still waits for the
 * same side and has waited the rule's time; else nothing happens. Done in the same transaction as
 * the rule's effects, so a job that two instances could both see acts once (the runner's claim,
 * then completeJob, which fails for the second).
 */
export function ruleWaitJob(deps: WriteDeps): JobHandler {
  return async (job: JobRow) => {
    await runWrite(deps, { orgId: job.org_id }, async (write) => {
      if (!(await completeJob(write.trx, job.id, write.now))) return;
      const ref = parseWaitRef(job.ref);
      if (!ref) return;
      const ruleRow = await write.trx.selectFrom('rules').selectAll().where('org_id', '=', write.orgId).where('id', '=', ref.ruleId).executeTakeFirst();
      const rule = ruleRow && toRule(ruleRow);
      if (!rule?.enabled || !isWaitTrigger(rule.trigger) || !rule.wait) return;
      const row = await findConversationRow(write.trx, write.orgId, ref.conversationId);
      if (!row) return;
      const [waiting] = await waitingConversations(write, row.id);
      if (!waiting || waiting.waitsFor !== rule.trigger) return;
      const scene = await sceneOf(write, row);
      const due = waitEnds(rule, waiting.since, await scene.hours());
      if (due === null) return;
      if (due > write.now) {
        // The rule waits longer since it was scheduled (edited): it waits again, once.
        await scheduleJob(write.trx, { orgId: write.orgId, kind: RULE_WAIT_JOB, ref: job.ref, runAt: due, now: write.now });
        return;
      }
      await runRules(write, [rule], row, undefined, scene);
    });
  };
}
