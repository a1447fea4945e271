import type { Rule } from '../../protocol/documents';
import type { EventTrigger, WaitTrigger } from '../../protocol/rules/rule-model';
import { isWaitTrigger } from '../../protocol/rules/rule-model';
import type { ConversationRow } from '../conversations/conversation-tables';
import { scheduleJob } from '../jobs/job-queries';
import type { Write } from '../realtime/write-transaction';
import { enabledRules } from './rule-context';
import { ruleHours, type RuleHours } from './rule-hours';

/**
 * Time-based rules (issue 37): "when a conversation has waited N hours for our reply / N days
 * for the customer's". Each waiting conversation has one `rule_wait` job per such rule (ref
 * `<conversation id>:<rule id>`), scheduled when the wait begins and cancelled when the situation
 * changes before it fires (the other side writes, the conversation is closed, the rule is
 * disabled, edited or deleted). The job runner claims a job once across instances; its handler
 * checks again that the conversation still waits before acting (rule-wait-job.ts).
 */
export const RULE_WAIT_JOB = 'rule_wait';

const HOUR_MS = 3_600_000;

export function waitRef(conversationId: number, ruleId: string): string {
  return `${conversationId}:${ruleId}`;
}

export function parseWaitRef(ref: string): { conversationId: number; ruleId: string } | null {
  const match = /^(\d+):([A-Za-z0-9_-]+)$/.exec(ref);
  return match ? { conversationId: Number(match[1]), ruleId: match[2] ?? '' } : null;
}

/** How long a rule waits, in ms (hours for us, days for the customer). */
export function waitMs(rule: Pick<Rule, 'trigger' | 'wait'>): number {
  const amount = rule.wait?.amount ?? 0;
  return rule.trigger === 'waited_for_customer' ? amount * 24 * HOUR_MS : amount * HOUR_MS;
}

/** When a wait that began at `since` ends; null when it never does (closed for good). */
export function waitEnds(rule: Pick<Rule, 'trigger' | 'wait'>, since: number, hours: RuleHours): number | null {
  return rule.wait?.business_hours ? hours.addOpen(since, waitMs(rule)) : since + waitMs(rule);
}

/** Which wait an event begins, if any. */
function waitBegunBy(trigger: EventTrigger): WaitTrigger | null {
  if (trigger === 'created_by_customer' || trigger === 'customer_replied') return 'waited_for_us';
  if (trigger === 'created_by_agent' || trigger === 'agent_replied') return 'waited_for_customer';
  return null;
}

const otherWait = (wait: WaitTrigger): WaitTrigger => (wait === 'waited_for_us' ? 'waited_for_customer' : 'waited_for_us');

/** The unclaimed wait jobs of the organization matching `keep`; resolves to how many were cancelled. */
async function cancelWaits(write: Write, keep: (ref: { conversationId: number; ruleId: string }) => boolean, conversationId?: number): Promise<number> {
  let query = write.trx
    .selectFrom('jobs')
    .select(['id', 'ref'])
    .where('org_id', '=', write.orgId)
    .where('kind', '=', RULE_WAIT_JOB)
    .where('attempts', '=', 0)
    .where('done_at', 'is', null)
    .where('cancelled_at', 'is', null);
  if (conversationId !== undefined) query = query.where('ref', 'like', `${conversationId}:%`);
  const ids = (await query.execute()).filter((job) => {
    const ref = parseWaitRef(job.ref);
    return ref !== null && keep(ref);
  });
  if (ids.length === 0) return 0;
  await write.trx
    .updateTable('jobs')
    .set({ cancelled_at: write.now })
    .where('id', 'in', ids.map((job) => job.id))
    .where('attempts', '=', 0)
    .where('done_at', 'is', null)
    .execute();
  return ids.length;
}

async function pendingWaitRules(write: Write, conversationId: number): Promise<Set<string>> {
  const rows = await write.trx
    .selectFrom('jobs')
    .select('ref')
    .where('org_id', '=', write.orgId)
    .where('kind', '=', RULE_WAIT_JOB)
    .where('ref', 'like', `${conversationId}:%`)
    .where('done_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .execute();
  return new Set(rows.flatMap((row) => parseWaitRef(row.ref)?.ruleId ?? []));
}

async function hoursOf(write: Write): Promise<RuleHours> {
  const org = await write.trx.selectFrom('organizations').select('hours').where('id', '=', write.orgId).executeTakeFirstOrThrow();
  return ruleHours(org.hours);
}

async function scheduleWait(write: Write, rule: Rule, conversationId: number, since: number, hours: RuleHours): Promise<void> {
  const runAt = waitEnds(rule, since, hours);
  if (runAt === null) return;
  await scheduleJob(write.trx, { orgId: write.orgId, kind: RULE_WAIT_JOB, ref: waitRef(conversationId, rule.id), runAt, now: write.now });
}

/**
 * An event changed who the conversation waits for: the waits of the other side are cancelled,
 * and this side's waiting rules are scheduled unless they already count (the wait began with the
 * first message left unanswered). A closed conversation waits for nobody.
 */
export async function rearmWaits(write: Write, row: ConversationRow, trigger: EventTrigger): Promise<void> {
  if (row.status === 'CLOSED') {
    if (trigger === 'status_changed') await cancelWaits(write, () => true, row.id);
    return;
  }
  const begun = waitBegunBy(trigger);
  if (!begun) return;
  const cancelled = otherWait(begun);
  const others = new Set((await enabledRules(write, cancelled)).map((rule) => rule.id));
  const rules = await enabledRules(write, begun);
  if (others.size > 0 || rules.length > 0) await cancelWaits(write, (ref) => !rules.some((rule) => rule.id === ref.ruleId), row.id);
  if (rules.length === 0) return;
  const pending = await pendingWaitRules(write, row.id);
  const hours = rules.some((rule) => rule.wait?.business_hours) ? await hoursOf(write) : ruleHours(null);
  for (const rule of rules) if (!pending.has(rule.id)) await scheduleWait(write, rule, row.id, write.now, hours);
}

/** Who a conversation waits for now, from its latest message (not a note, not machine-written), and since when. */
export type Waiting = { conversationId: number; waitsFor: WaitTrigger; since: number };

/** The open conversations of the organization and who each waits for (`conversationId`: only that one). */
export async function waitingConversations(write: Write, conversationId?: number): Promise<Waiting[]> {
  let query = write.trx
    .selectFrom('conversations as c')
    .innerJoin('messages as m', (join) => join.onRef('m.conversation_id', '=', 'c.id').onRef('m.org_id', '=', 'c.org_id'))
    .select(['c.id as id', 'm.agent_id as agent_id', 'm.timestamp_ts as ts'])
    .where('c.org_id', '=', write.orgId)
    .where('c.status', '!=', 'CLOSED')
    .where('c.merged_into', 'is', null)
    .where('m.type', '=', 'MESSAGE')
    .where('m.is_removed', '=', 0)
    .where('m.auto_kind', 'is', null)
    .where('m.status', 'not in', ['CANCELLED'])
    .where((eb) =>
      eb(
        'm.timestamp_ts',
        '=',
        eb
          .selectFrom('messages as l')
          .select((inner) => inner.fn.max('l.timestamp_ts').as('latest'))
          .whereRef('l.conversation_id', '=', 'c.id')
          .whereRef('l.org_id', '=', 'c.org_id')
          .where('l.type', '=', 'MESSAGE')
          .where('l.is_removed', '=', 0)
          .where('l.auto_kind', 'is', null)
          .where('l.status', 'not in', ['CANCELLED']),
      ),
    );
  if (conversationId !== undefined) query = query.where('c.id', '=', conversationId);
  const rows = await query.execute();
  const seen = new Set<number>();
  return rows.flatMap((row) => {
    if (seen.has(row.id)) return [];
    seen.add(row.id);
    return [{ conversationId: row.id, waitsFor: row.agent_id === null ? 'waited_for_us' : 'waited_for_customer', since: Number(row.ts) } satisfies Waiting];
  });
}

/**
 * A waiting rule was created, enabled or edited: its jobs are made again, for every
 * conversation that already waits for its side (counted from that conversation's latest
 * message, so one that has waited long enough is due at once). A disabled or deleted rule, or
 * one that no longer waits, keeps none.
 */
export async function armRule(write: Write, rule: Rule | null, ruleId: string): Promise<void> {
  await cancelWaits(write, (ref) => ref.ruleId === ruleId);
  if (!rule || !rule.enabled || !isWaitTrigger(rule.trigger) || !rule.wait) return;
  const hours = rule.wait.business_hours ? await hoursOf(write) : ruleHours(null);
  for (const waiting of await waitingConversations(write)) {
    if (waiting.waitsFor === rule.trigger) await scheduleWait(write, rule, waiting.conversationId, waiting.since, hours);
  }
}

/**
 * The organization's business hours changed: the jobs of waiting rules that count business hours
 * are made again on the new schedule (called by the hours' save, in its write).
 */
export async function businessHoursChanged(write: Write): Promise<void> {
  for (const trigger of ['waited_for_us', 'waited_for_customer'] as const) {
    for (const rule of await enabledRules(write, trigger)) if (rule.wait?.business_hours) await armRule(write, rule, rule.id);
  }
}

