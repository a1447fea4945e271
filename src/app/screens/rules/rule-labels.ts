import type { ConditionField, RuleActionType, RuleTrigger } from '../../../protocol/rules/rule-model';

/** How the form's sentence reads each choice ("When [a customer replies] …"). */
export const TRIGGER_LABELS: Record<RuleTrigger, string> = {
  created_by_customer: 'a customer starts a conversation',
  created_by_agent: 'a teammate starts a conversation',
  customer_replied: 'a customer replies',
  agent_replied: 'a teammate replies',
  note_added: 'a note is added',
  status_changed: 'the status changes',
  tag_added: 'a tag is added',
  tag_removed: 'a tag is removed',
  assigned: 'a conversation is assigned',
  waited_for_us: 'a customer has waited for our reply',
  waited_for_customer: 'we have waited for the customer',
};

export const FIELD_LABELS: Record<ConditionField, string> = {
  channel: 'the channel',
  support_address: 'the support address',
  sender_email: 'the sender’s email',
  sender_domain: 'the sender’s domain',
  subject: 'the subject',
  body: 'the message',
  tags: 'the tags',
  status: 'the status',
  assignee: 'the assignee',
  custom_data: 'custom data',
  business_hours: 'it is',
  contact_trusted: 'the contact',
};

export const OP_LABELS: Record<string, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  has: 'include',
  has_not: 'do not include',
  is_set: 'is filled in',
  is_not_set: 'is empty',
  within: 'within business hours',
  outside: 'outside business hours',
};

/** The contact condition's operators read as "is trusted" / "is not trusted". */
export const TRUSTED_OP_LABELS: Record<string, string> = { is: 'is trusted', is_not: 'is not trusted' };

export const ACTION_LABELS: Record<RuleActionType, string> = {
  assign: 'assign to',
  round_robin: 'assign in turn to',
  add_tag: 'add the tag',
  remove_tag: 'remove the tag',
  set_status: 'set the status to',
  reply_snippet: 'reply with the snippet',
  add_note: 'add the note',
  mark_spam: 'mark as spam',
  notify: 'notify',
};

export const STATUS_LABELS = { OPENED: 'Open', WAITING: 'Waiting', CLOSED: 'Closed' } as const;

/** The list's one-line summary of a rule. */
export function ruleSummary(rule: { trigger: RuleTrigger; conditions: readonly unknown[]; actions: readonly { type: RuleActionType }[]; wait: { amount: number } | null }): string {
  const wait = rule.wait && (rule.trigger === 'waited_for_us' ? ` ${rule.wait.amount} h` : rule.trigger === 'waited_for_customer' ? ` ${rule.wait.amount} d` : '');
  const conditions = rule.conditions.length === 0 ? '' : `, ${rule.conditions.length} condition${rule.conditions.length === 1 ? '' : 's'}`;
  const actions = rule.actions.map((action) => ACTION_LABELS[action.type]).join(', ');
  return `When ${TRIGGER_LABELS[rule.trigger]}${wait ?? ''}${conditions} → ${actions}`;
}
