import type { Channel, ConversationStatus } from '../documents';
import type { RuleCondition, RuleFields } from './rule-model';

/**
 * What a rule's conditions are checked against: the conversation as the change left it, its
 * contact and the message the event is about. `isOpen` is asked only by a business-hours
 * condition (it reads the organization's schedule).
 */
export type RuleFacts = {
  channel: Channel;
  /** The support address the conversation came to (lowercase); null for chat. */
  supportAddress: string | null;
  /** The contact's address (lowercase); null when it has none. */
  senderEmail: string | null;
  subject: string;
  /** The text of the message the event is about (the latest one); empty when none. */
  body: string;
  tags: readonly string[];
  status: ConversationStatus;
  assigneeId: number | null;
  customData: Readonly<Record<string, unknown>>;
  contactTrusted: boolean;
  isOpen: () => boolean;
};

const lower = (text: string) => text.toLowerCase();

function domainOf(email: string | null): string | null {
  const at = email?.lastIndexOf('@') ?? -1;
  return email && at >= 0 ? email.slice(at + 1) : null;
}

/** `is` compares whole values ignoring case; a domain condition also takes `@acme.com` or a subdomain's parent. */
function sameDomain(domain: string | null, wanted: string): boolean {
  const want = lower(wanted).replace(/^@/, '');
  return domain !== null && (domain === want || domain.endsWith(`.${want}`));
}

function customText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.map((item) => customText(item) ?? '').join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Whether one condition holds for these facts. */
export function conditionHolds(condition: RuleCondition, facts: RuleFacts): boolean {
  const { op, value } = condition;
  const negated = op === 'is_not' || op === 'not_contains' || op === 'has_not' || op === 'outside' || op === 'is_not_set';
  const positive = (() => {
    switch (condition.field) {
      case 'channel':
        return facts.channel === value;
      case 'support_address':
        return facts.supportAddress !== null && facts.supportAddress === lower(value);
      case 'sender_email':
        return facts.senderEmail !== null && facts.senderEmail === lower(value);
      case 'sender_domain':
        return sameDomain(domainOf(facts.senderEmail), value);
      case 'subject':
        return lower(facts.subject).includes(lower(value));
      case 'body':
        return lower(facts.body).includes(lower(value));
      case 'tags':
        return facts.tags.includes(lower(value));
      case 'status':
        return facts.status === value;
      case 'assignee':
        return value === '' ? facts.assigneeId === null : facts.assigneeId === Number(value);
      case 'custom_data': {
        const text = customText(facts.customData[condition.key ?? '']);
        if (op === 'is_set' || op === 'is_not_set') return text !== null;
        if (text === null) return false;
        return op === 'contains' ? lower(text).includes(lower(value)) : lower(text) === lower(value);
      }
      case 'business_hours':
        return facts.isOpen();
      case 'contact_trusted':
        return facts.contactTrusted;
    }
  })();
  return negated ? !positive : positive;
}

/** Whether a rule's conditions hold: all of them, or any (a rule without conditions always matches). */
export function conditionsHold(rule: Pick<RuleFields, 'match' | 'conditions'>, facts: RuleFacts): boolean {
  if (rule.conditions.length === 0) return true;
  return rule.match === 'all' ? rule.conditions.every((c) => conditionHolds(c, facts)) : rule.conditions.some((c) => conditionHolds(c, facts));
}
