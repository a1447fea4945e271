import type { Rule } from '../../protocol/documents';
import type { RuleCondition } from '../../protocol/rules/rule-model';
import type { RuleFacts } from '../../protocol/rules/rule-match';
import type { ContactRow } from '../contacts/contact-tables';
import { conversationTags } from '../conversations/conversation-model';
import type { ConversationRow } from '../conversations/conversation-tables';
import { readCustomData } from '../custom-data/custom-field-model';
import type { Write } from '../realtime/write-transaction';
import { ruleHours, type RuleHours } from './rule-hours';
import { toRule } from './rule-model';

/**
 * The enabled rules of each trigger read in a write, so a bulk change of 500 conversations reads
 * them once. Rules change only through their own routes, never in a write that runs them.
 */
const readRules = new WeakMap<Write, Map<string, Promise<Rule[]>>>();

/** The enabled rules of a trigger, in the organization's order. */
export function enabledRules(write: Write, trigger: string): Promise<Rule[]> {
  let byTrigger = readRules.get(write);
  if (!byTrigger) readRules.set(write, (byTrigger = new Map<string, Promise<Rule[]>>()));
  let rules = byTrigger.get(trigger);
  if (!rules) byTrigger.set(trigger, (rules = readEnabledRules(write, trigger)));
  return rules;
}

async function readEnabledRules(write: Write, trigger: string): Promise<Rule[]> {
  const rows = await write.trx
    .selectFrom('rules')
    .selectAll()
    .where('org_id', '=', write.orgId)
    .where('trigger', '=', trigger)
    .where('enabled', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toRule);
}

/** What stays the same while one event's rules run: the contact, the support address, the schedule. */
export type RuleScene = { contact: ContactRow | undefined; supportAddress: string | null; hours: () => Promise<RuleHours> };

export async function sceneOf(write: Write, row: ConversationRow): Promise<RuleScene> {
  const [contact, channel] = await Promise.all([
    write.trx.selectFrom('contacts').selectAll().where('org_id', '=', write.orgId).where('id', '=', row.contact_id).executeTakeFirst(),
    row.channel_id === null
      ? Promise.resolve(undefined)
      : write.trx.selectFrom('channels').select('email').where('org_id', '=', write.orgId).where('id', '=', row.channel_id).executeTakeFirst(),
  ]);
  let hours: Promise<RuleHours> | undefined;
  return {
    contact,
    supportAddress: channel?.email.toLowerCase() ?? null,
    hours: () =>
      (hours ??= write.trx
        .selectFrom('organizations')
        .select('hours')
        .where('id', '=', write.orgId)
        .executeTakeFirstOrThrow()
        .then((org) => ruleHours(org.hours))),
  };
}

/** The latest message's text (not a note), for a body condition when the event names none. */
export async function latestMessageText(write: Write, conversationId: number): Promise<string> {
  const row = await write.trx
    .selectFrom('messages')
    .select('message')
    .where('org_id', '=', write.orgId)
    .where('conversation_id', '=', conversationId)
    .where('type', '=', 'MESSAGE')
    .where('is_removed', '=', 0)
    .orderBy('timestamp_ts', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.message ?? '';
}

/** The facts a rule's conditions read; `isOpen` answers from hours read before (see needsHours). */
export function factsOf(row: ConversationRow, scene: RuleScene, body: string, hours: RuleHours | null, now: number): RuleFacts {
  const { contact } = scene;
  return {
    channel: row.channel,
    supportAddress: scene.supportAddress,
    senderEmail: contact?.email?.toLowerCase() ?? null,
    subject: row.subject,
    body,
    tags: conversationTags(row),
    status: row.status,
    assigneeId: row.agent_id,
    customData: { ...readCustomData(contact?.custom_data ?? null), ...readCustomData(row.custom_data) },
    contactTrusted: contact?.is_trusted === 1,
    isOpen: () => hours?.isOpen(now) ?? true,
  };
}

export function needsHours(rules: readonly Rule[]): boolean {
  return rules.some((rule) => rule.conditions.some((condition: RuleCondition) => condition.field === 'business_hours'));
}

export function needsBody(rules: readonly Rule[]): boolean {
  return rules.some((rule) => rule.conditions.some((condition: RuleCondition) => condition.field === 'body'));
}
