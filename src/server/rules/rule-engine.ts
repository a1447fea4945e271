import type { Conversation, Rule } from '../../protocol/documents';
import { conditionsHold } from '../../protocol/rules/rule-match';
import type { EventTrigger } from '../../protocol/rules/rule-model';
import { conversationTags } from '../conversations/conversation-model';
import { findConversationRow } from '../conversations/conversation-queries';
import type { ConversationRow } from '../conversations/conversation-tables';
import type { Write } from '../realtime/write-transaction';
import { runRuleActions } from './rule-actions';
import { enabledRules, factsOf, latestMessageText, needsBody, needsHours, sceneOf, type RuleScene } from './rule-context';
import { rearmWaits } from './rule-waits';

/** Something that happened to a conversation; `text` is the message or note it is about. */
export type ConversationEvent = { trigger: EventTrigger; conversationId: number; text?: string };

/**
 * The loop guard: the writes in which rules are running. What a rule's actions change raises no
 * event (they write through the same functions as the routes, never through this hook), and
 * should a future action reach this hook anyway, it returns here: a rule's effect never starts a
 * rule, so no rule can trigger itself or another in a loop. Keyed by the write, so the mark lives
 * exactly as long as its transaction's rules.
 */
const runningRules = new WeakSet<Write>();

/** Whether this write is running rules now (their effects are not events). */
export function isRuleEffect(write: Write): boolean {
  return runningRules.has(write);
}

/**
 * The one hook of the rules (issue 37): called in the write transaction of every change a rule
 * may follow (conversation routes, replies and notes, inbound email, visitor chat). It re-arms the
 * conversation's waiting rules, then runs the event's enabled rules in order on the conversation
 * as each one before left it, each effect in this same transaction, so it reaches every tab
 * through the change feed with the change itself. A rule with `stop` ends the list once it matched.
 */
export async function conversationEvent(write: Write, event: ConversationEvent): Promise<void> {
  if (runningRules.has(write)) return;
  const row = await findConversationRow(write.trx, write.orgId, event.conversationId);
  if (!row) return;
  await rearmWaits(write, row, event.trigger);
  const rules = await enabledRules(write, event.trigger);
  if (rules.length === 0) return;
  await runRules(write, rules, row, event.text);
}

/** Several events of one change (a status and an assignee set together), in order. */
export async function conversationEvents(write: Write, events: readonly ConversationEvent[]): Promise<void> {
  for (const event of events) await conversationEvent(write, event);
}

/**
 * Runs these rules (of one trigger, in order) on a conversation: each one's conditions are read
 * from the conversation as the rules before it left it. Used by events and by waiting rules.
 */
export async function runRules(write: Write, rules: readonly Rule[], first: ConversationRow, text: string | undefined, sceneGiven?: RuleScene): Promise<void> {
  const scene = sceneGiven ?? (await sceneOf(write, first));
  const hours = needsHours(rules) ? await scene.hours() : null;
  const body = text ?? (needsBody(rules) ? await latestMessageText(write, first.id) : '');
  let row: ConversationRow | undefined = first;
  runningRules.add(write);
  try {
    for (const rule of rules) {
      if (!row) return;
      if (!conditionsHold(rule, factsOf(row, scene, body, hours, write.now))) continue;
      await runRuleActions(write, rule, row.id, scene);
      if (rule.stop) return;
      row = await findConversationRow(write.trx, write.orgId, row.id);
    }
  } finally {
    runningRules.delete(write);
  }
}

/** The events of a change of a conversation's own fields: its status, its assignee, its tags. */
export function fieldChangeEvents(before: ConversationRow, after: Conversation): ConversationEvent[] {
  const events: ConversationEvent[] = [];
  const conversationId = before.id;
  if (after.status !== before.status) events.push({ trigger: 'status_changed', conversationId });
  if (after.agent_id !== null && after.agent_id !== before.agent_id) events.push({ trigger: 'assigned', conversationId });
  const had = new Set(conversationTags(before));
  const has = new Set(after.tags);
  if ([...has].some((tag) => !had.has(tag))) events.push({ trigger: 'tag_added', conversationId });
  if ([...had].some((tag) => !has.has(tag))) events.push({ trigger: 'tag_removed', conversationId });
  return events;
}
