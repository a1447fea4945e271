import { ruleFieldsSchema, type RuleAction, type RuleCondition, type RuleFields } from '../../../protocol/rules/rule-model';
import { ruleWaitError, CONDITION_OPS, type ConditionField } from '../../../protocol/rules/rule-model';
import type { Rule } from '../../../protocol/documents';

/** The form's state: a rule's fields, a wait kept as text while it is typed. */
export type RuleDraft = Omit<RuleFields, 'wait'> & { waitAmount: string; waitBusiness: boolean };

export function draftOf(rule: Rule | null): RuleDraft {
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? true,
    trigger: rule?.trigger ?? 'created_by_customer',
    match: rule?.match ?? 'all',
    conditions: rule?.conditions ?? [],
    actions: rule?.actions ?? [{ type: 'add_tag', value: '' }],
    stop: rule?.stop ?? false,
    waitAmount: rule?.wait ? String(rule.wait.amount) : '1',
    waitBusiness: rule?.wait?.business_hours ?? false,
  };
}

const WAITS: readonly string[] = ['waited_for_us', 'waited_for_customer'];

/** The fields the draft says, for the mutation (and the dry run). */
export function fieldsOf(draft: RuleDraft): RuleFields {
  const { waitAmount, waitBusiness, ...fields } = draft;
  const wait = WAITS.includes(draft.trigger) ? { amount: Number(waitAmount.replace(',', '.')), business_hours: waitBusiness } : null;
  return { ...fields, name: fields.name.trim(), wait };
}

/** The form's errors by field path (`conditions.0.value`), from the same schema the server checks. */
export function draftErrors(draft: RuleDraft): Record<string, string> {
  const fields = fieldsOf(draft);
  const errors: Record<string, string> = {};
  const parsed = ruleFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  if (fields.wait && !(fields.wait.amount > 0)) errors['wait.amount'] ??= 'must be more than 0';
  const waitError = ruleWaitError(fields);
  if (waitError) errors[waitError.field] ??= waitError.message;
  return errors;
}

export function newCondition(field: ConditionField = 'sender_domain'): RuleCondition {
  const op = CONDITION_OPS[field][0];
  return { field, op, value: field === 'channel' ? 'EMAIL' : field === 'status' ? 'OPENED' : '', ...(field === 'custom_data' ? { key: '' } : {}) };
}

export function newAction(type: RuleAction['type'] = 'add_tag'): RuleAction {
  return { type, value: type === 'set_status' ? 'CLOSED' : '', ...(type === 'round_robin' ? { agents: [] } : {}) };
}
