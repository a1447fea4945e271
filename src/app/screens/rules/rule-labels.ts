import type { Rule } from '../../../protocol/documents';
import type { ConditionField, RuleAction, RuleActionType, RuleTrigger } from '../../../protocol/rules/rule-model';

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

const WAIT_UNIT: Partial<Record<RuleTrigger, string>> = { waited_for_us: 'h', waited_for_customer: 'd' };

/** One action as the list's summary says it, with its value: "add tag billing", "assign to Alex Rivera". */
function actionSummary(action: RuleAction, names: (id: number) => string): string {
  switch (action.type) {
    case 'assign':
    case 'notify':
      return `${ACTION_LABELS[action.type]} ${names(Number(action.value))}`;
    case 'round_robin':
      return `${ACTION_LABELS[action.type]} ${(action.agents ?? []).map(names).join(', ')}`;
    case 'add_tag':
    case 'remove_tag':
      return `${action.type === 'add_tag' ? 'add tag' : 'remove tag'} ${action.value}`;
    case 'set_status':
      return `set status ${STATUS_LABELS[action.value as keyof typeof STATUS_LABELS]?.toLowerCase() ?? action.value}`;
    case 'reply_snippet':
      return 'reply with a snippet';
    case 'add_note':
      return 'add a note';
    case 'mark_spam':
      return 'mark as spam';
  }
}

/** The list's one-line summary of a rule: "When a customer starts a conversation, 2 conditions → add tag billing, assign to Alex Rivera". */
export function ruleSummary(rule: Pick<Rule, 'trigger' | 'conditions' | 'actions' | 'wait'>, names: (id: number) => string): string {
  const unit = WAIT_UNIT[rule.trigger];
  const wait = unit && rule.wait ? ` ${rule.wait.amount} ${unit}${rule.wait.business_hours ? ' (business hours)' : ''}` : '';
  const conditions = rule.conditions.length === 0 ? '' : `, ${rule.conditions.length} condition${rule.conditions.length === 1 ? '' : 's'}`;
  return `When ${TRIGGER_LABELS[rule.trigger]}${wait}${conditions} → ${rule.actions.map((action) => actionSummary(action, names)).join(', ')}`;
}
