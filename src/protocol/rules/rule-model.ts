import { z } from 'zod';
import { CHANNELS, CONVERSATION_STATUSES } from '../documents';
import { multiLineText, singleLineText } from '../api/text-fields';

/**
 * A rule (§1, §2 `rules`): when something happens to a conversation (its trigger), and its
 * conditions hold (all or any of them), its actions run in order, on the server, in the write
 * transaction of the change. A time-based trigger fires once a conversation has waited long
 * enough for us or for the customer (src/server/rules/rule-waits.ts).
 */
export const EVENT_TRIGGERS = [
  'created_by_customer',
  'created_by_agent',
  'customer_replied',
  'agent_replied',
  'note_added',
  'status_changed',
  'tag_added',
  'tag_removed',
  'assigned',
] as const;

/** Waiting: `wait.amount` hours for our reply, or days for the customer's. */
export const WAIT_TRIGGERS = ['waited_for_us', 'waited_for_customer'] as const;

export const RULE_TRIGGERS = [...EVENT_TRIGGERS, ...WAIT_TRIGGERS] as const;
export type RuleTrigger = (typeof RULE_TRIGGERS)[number];
export type EventTrigger = (typeof EVENT_TRIGGERS)[number];
export type WaitTrigger = (typeof WAIT_TRIGGERS)[number];

export function isWaitTrigger(trigger: RuleTrigger): trigger is WaitTrigger {
  return (WAIT_TRIGGERS as readonly string[]).includes(trigger);
}

/** Each condition field and the operators it takes. */
export const CONDITION_OPS = {
  channel: ['is', 'is_not'],
  support_address: ['is', 'is_not'],
  sender_email: ['is', 'is_not'],
  sender_domain: ['is', 'is_not'],
  subject: ['contains', 'not_contains'],
  body: ['contains', 'not_contains'],
  tags: ['has', 'has_not'],
  status: ['is', 'is_not'],
  assignee: ['is', 'is_not'],
  custom_data: ['is', 'is_not', 'contains', 'is_set', 'is_not_set'],
  business_hours: ['within', 'outside'],
  contact_trusted: ['is', 'is_not'],
} as const;

export type ConditionField = keyof typeof CONDITION_OPS;
export const CONDITION_FIELDS = Object.keys(CONDITION_OPS) as ConditionField[];
type AnyOp = (typeof CONDITION_OPS)[ConditionField][number];
const ALL_OPS = [...new Set(Object.values(CONDITION_OPS).flat())] as [AnyOp, ...AnyOp[]];

/** Fields whose operator says it all (no value). */
const NO_VALUE: ReadonlySet<string> = new Set(['business_hours', 'contact_trusted']);
const NO_VALUE_OPS: ReadonlySet<string> = new Set(['is_set', 'is_not_set']);

/** Whether a condition of this field and operator needs a value. `assignee` with an empty value means nobody. */
export function conditionNeedsValue(field: ConditionField, op: string): boolean {
  return !NO_VALUE.has(field) && !NO_VALUE_OPS.has(op) && field !== 'assignee';
}

export const RULE_LIMITS = { name: 120, value: 500, conditions: 20, actions: 20, agents: 50, note: 5_000, waitHours: 24 * 90, waitDays: 90 } as const;

const valueText = singleLineText().trim().max(RULE_LIMITS.value);

export const ruleConditionSchema = z
  .object({
    field: z.enum(CONDITION_FIELDS as [ConditionField, ...ConditionField[]], { error: 'is not a condition' }),
    op: z.enum(ALL_OPS, { error: 'is not an operator' }),
    value: valueText.default(''),
    /** custom_data: the field's key. */
    key: singleLineText().trim().max(64).optional(),
  })
  .superRefine((condition, ctx) => {
    const ops: readonly string[] = CONDITION_OPS[condition.field];
    if (!ops.includes(condition.op)) ctx.addIssue({ code: 'custom', path: ['op'], message: 'does not go with this condition' });
    if (conditionNeedsValue(condition.field, condition.op) && condition.value === '') ctx.addIssue({ code: 'custom', path: ['value'], message: 'cannot be empty' });
    if (condition.field === 'custom_data' && !condition.key) ctx.addIssue({ code: 'custom', path: ['key'], message: 'names no field' });
    if (condition.field === 'channel' && !(CHANNELS as readonly string[]).includes(condition.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'is not a channel' });
    if (condition.field === 'status' && !(CONVERSATION_STATUSES as readonly string[]).includes(condition.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'is not a status' });
    if (condition.field === 'assignee' && condition.value !== '' && !/^\d+$/.test(condition.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'is not a teammate' });
  });
export type RuleCondition = z.output<typeof ruleConditionSchema>;

export const RULE_ACTION_TYPES = ['assign', 'round_robin', 'add_tag', 'remove_tag', 'set_status', 'reply_snippet', 'add_note', 'mark_spam', 'notify'] as const;
export type RuleActionType = (typeof RULE_ACTION_TYPES)[number];

/** Actions that take a teammate's id in `value`. */
const AGENT_ACTIONS: ReadonlySet<string> = new Set(['assign', 'notify']);

export const ruleActionSchema = z
  .object({
    type: z.enum(RULE_ACTION_TYPES, { error: 'is not an action' }),
    value: multiLineText().trim().max(RULE_LIMITS.note).default(''),
    /** round_robin: the teammates taking turns. */
    agents: z.array(z.number().int().positive()).max(RULE_LIMITS.agents).optional(),
  })
  .superRefine((action, ctx) => {
    if (action.type === 'round_robin') {
      if (!action.agents || action.agents.length === 0) ctx.addIssue({ code: 'custom', path: ['agents'], message: 'names no teammate' });
      return;
    }
    if (action.type === 'mark_spam') return;
    if (action.value === '') ctx.addIssue({ code: 'custom', path: ['value'], message: 'cannot be empty' });
    else if (AGENT_ACTIONS.has(action.type) && !/^\d+$/.test(action.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'is not a teammate' });
    else if (action.type === 'set_status' && !(CONVERSATION_STATUSES as readonly string[]).includes(action.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'is not a status' });
    else if (action.type !== 'add_note' && action.value.includes('\n')) ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be one line' });
  });
export type RuleAction = z.output<typeof ruleActionSchema>;

/** How long a time-based rule waits: hours for our reply, days for the customer's; counted in business hours when asked. */
export const ruleWaitSchema = z.object({
  amount: z.number({ error: 'must be a number' }).positive({ error: 'must be more than 0' }),
  business_hours: z.boolean().default(false),
});
export type RuleWait = z.output<typeof ruleWaitSchema>;

export const ruleIdField = z.string({ error: 'is not a valid id' }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'is not a valid id' });

const ruleShape = {
  name: singleLineText().trim().min(1, { error: 'cannot be empty' }).max(RULE_LIMITS.name),
  enabled: z.boolean(),
  trigger: z.enum(RULE_TRIGGERS, { error: 'is not a trigger' }),
  match: z.enum(['all', 'any'], { error: 'must be all or any' }),
  conditions: z.array(ruleConditionSchema).max(RULE_LIMITS.conditions),
  actions: z.array(ruleActionSchema).min(1, { error: 'needs at least one action' }).max(RULE_LIMITS.actions),
  /** Later rules do not run for this event once this one matched. */
  stop: z.boolean(),
  wait: ruleWaitSchema.nullable(),
};

/** What a rule says, as the form edits it (the server's document adds its place and version). */
export const ruleFieldsSchema = z.object({
  ...ruleShape,
  enabled: ruleShape.enabled.default(true),
  match: ruleShape.match.default('all'),
  conditions: ruleShape.conditions.default([]),
  stop: ruleShape.stop.default(false),
  wait: ruleShape.wait.default(null),
});
export type RuleFields = z.output<typeof ruleFieldsSchema>;

/** `PATCH rules/{id}`: the fields given change (the form sends them all, the list's switch only `enabled`). */
export const ruleUpdateSchema = z.object(ruleShape).partial();

/** The wait a trigger needs: a time-based trigger has one within its bounds, an event has none. */
export function ruleWaitError(fields: Pick<RuleFields, 'trigger' | 'wait'>): { field: string; message: string } | null {
  if (!isWaitTrigger(fields.trigger)) return null;
  if (!fields.wait) return { field: 'wait.amount', message: 'is required for a waiting rule' };
  const max = fields.trigger === 'waited_for_us' ? RULE_LIMITS.waitHours : RULE_LIMITS.waitDays;
  if (fields.wait.amount > max) return { field: 'wait.amount', message: `must be at most ${max}` };
  return null;
}
