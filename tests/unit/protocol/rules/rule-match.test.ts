import { describe, expect, it } from 'vitest';
import { conditionHolds, conditionsHold, type RuleFacts } from '../../../../src/protocol/rules/rule-match';
import { ruleConditionSchema, ruleFieldsSchema, ruleWaitError, type RuleCondition } from '../../../../src/protocol/rules/rule-model';

const facts = (overrides: Partial<RuleFacts> = {}): RuleFacts => ({
  channel: 'EMAIL',
  supportAddress: 'help@shop.example',
  senderEmail: 'jane@mail.acme.com',
  subject: 'Refund for order 42',
  body: 'Hello, the teapot arrived broken.',
  tags: ['vip'],
  status: 'OPENED',
  assigneeId: null,
  customData: { plan: 'Pro', seats: 12, regions: ['EU', 'US'] },
  contactTrusted: false,
  isOpen: () => true,
  ...overrides,
});

const condition = (input: Partial<RuleCondition> & Pick<RuleCondition, 'field' | 'op'>): RuleCondition => ruleConditionSchema.parse({ value: '', ...input });
const holds = (input: Partial<RuleCondition> & Pick<RuleCondition, 'field' | 'op'>, over: Partial<RuleFacts> = {}) => conditionHolds(condition(input), facts(over));

describe('rule conditions', () => {
  it('compares channel, status, support address and sender email whole, ignoring case', () => {
    expect(holds({ field: 'channel', op: 'is', value: 'EMAIL' })).toBe(true);
    expect(holds({ field: 'channel', op: 'is_not', value: 'EMAIL' })).toBe(false);
    expect(holds({ field: 'status', op: 'is', value: 'OPENED' })).toBe(true);
    expect(holds({ field: 'support_address', op: 'is', value: 'Help@Shop.example' })).toBe(true);
    expect(holds({ field: 'support_address', op: 'is', value: 'sales@shop.example' })).toBe(false);
    expect(holds({ field: 'support_address', op: 'is', value: 'help@shop.example' }, { supportAddress: null })).toBe(false);
    expect(holds({ field: 'sender_email', op: 'is', value: 'JANE@mail.acme.com' })).toBe(true);
    expect(holds({ field: 'sender_email', op: 'is_not', value: 'jane@mail.acme.com' }, { senderEmail: null })).toBe(true);
  });

  it('matches a sender domain, its subdomains and a leading @, but not a domain that merely ends the same', () => {
    expect(holds({ field: 'sender_domain', op: 'is', value: 'acme.com' })).toBe(true);
    expect(holds({ field: 'sender_domain', op: 'is', value: '@ACME.com' })).toBe(true);
    expect(holds({ field: 'sender_domain', op: 'is', value: 'mail.acme.com' })).toBe(true);
    expect(holds({ field: 'sender_domain', op: 'is', value: 'acme.com' }, { senderEmail: 'bob@notacme.com' })).toBe(false);
    expect(holds({ field: 'sender_domain', op: 'is_not', value: 'acme.com' }, { senderEmail: 'bob@other.com' })).toBe(true);
  });

  it('finds text in the subject and the message regardless of case, and its absence', () => {
    expect(holds({ field: 'subject', op: 'contains', value: 'REFUND' })).toBe(true);
    expect(holds({ field: 'subject', op: 'not_contains', value: 'refund' })).toBe(false);
    expect(holds({ field: 'body', op: 'contains', value: 'teapot' })).toBe(true);
    expect(holds({ field: 'body', op: 'not_contains', value: 'invoice' })).toBe(true);
  });

  it('reads tags, the assignee (nobody when empty), trust and business hours', () => {
    expect(holds({ field: 'tags', op: 'has', value: 'vip' })).toBe(true);
    expect(holds({ field: 'tags', op: 'has_not', value: 'vip' })).toBe(false);
    expect(holds({ field: 'assignee', op: 'is', value: '' })).toBe(true);
    expect(holds({ field: 'assignee', op: 'is', value: '7' }, { assigneeId: 7 })).toBe(true);
    expect(holds({ field: 'assignee', op: 'is_not', value: '' }, { assigneeId: 7 })).toBe(true);
    expect(holds({ field: 'contact_trusted', op: 'is' })).toBe(false);
    expect(holds({ field: 'contact_trusted', op: 'is' }, { contactTrusted: true })).toBe(true);
    expect(holds({ field: 'business_hours', op: 'within' }, { isOpen: () => false })).toBe(false);
    expect(holds({ field: 'business_hours', op: 'outside' }, { isOpen: () => false })).toBe(true);
  });

  it('reads custom data by key: equal, contains, filled in or empty, lists and numbers as text', () => {
    expect(holds({ field: 'custom_data', key: 'plan', op: 'is', value: 'pro' })).toBe(true);
    expect(holds({ field: 'custom_data', key: 'seats', op: 'is', value: '12' })).toBe(true);
    expect(holds({ field: 'custom_data', key: 'regions', op: 'contains', value: 'us' })).toBe(true);
    expect(holds({ field: 'custom_data', key: 'plan', op: 'is_set' })).toBe(true);
    expect(holds({ field: 'custom_data', key: 'missing', op: 'is_not_set' })).toBe(true);
    expect(holds({ field: 'custom_data', key: 'missing', op: 'is', value: 'x' })).toBe(false);
  });

  it('combines conditions with all or any; no conditions always match', () => {
    const some = [condition({ field: 'tags', op: 'has', value: 'vip' }), condition({ field: 'channel', op: 'is', value: 'CHAT' })];
    expect(conditionsHold({ match: 'all', conditions: some }, facts())).toBe(false);
    expect(conditionsHold({ match: 'any', conditions: some }, facts())).toBe(true);
    expect(conditionsHold({ match: 'all', conditions: [] }, facts())).toBe(true);
    expect(conditionsHold({ match: 'any', conditions: [] }, facts())).toBe(true);
  });

  it('asks for the business hours only when a condition reads them', () => {
    let asked = 0;
    const counting = facts({ isOpen: () => ((asked += 1), true) });
    conditionsHold({ match: 'all', conditions: [condition({ field: 'tags', op: 'has', value: 'vip' })] }, counting);
    expect(asked).toBe(0);
    conditionsHold({ match: 'all', conditions: [condition({ field: 'business_hours', op: 'within' })] }, counting);
    expect(asked).toBe(1);
  });
});

describe('rule validation', () => {
  it('refuses an operator of another field, an empty value and a custom data condition without a key', () => {
    const issues = (input: object) => ruleConditionSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues({ field: 'subject', op: 'is', value: 'x' })).toEqual(['op: does not go with this condition']);
    expect(issues({ field: 'subject', op: 'contains', value: ' ' })).toEqual(['value: cannot be empty']);
    expect(issues({ field: 'custom_data', op: 'is_set' })).toEqual(['key: names no field']);
    expect(issues({ field: 'status', op: 'is', value: 'SLEEPING' })).toEqual(['value: is not a status']);
    expect(issues({ field: 'business_hours', op: 'within' })).toBeUndefined();
  });

  it('needs a wait for a waiting trigger, within its bounds, and none for an event', () => {
    const fields = (input: object) => ruleFieldsSchema.parse({ name: 'R', actions: [{ type: 'add_tag', value: 'x' }], ...input });
    expect(ruleWaitError(fields({ trigger: 'waited_for_us' }))).toEqual({ field: 'wait.amount', message: 'is required for a waiting rule' });
    expect(ruleWaitError(fields({ trigger: 'waited_for_customer', wait: { amount: 91 } }))).toEqual({ field: 'wait.amount', message: 'must be at most 90' });
    expect(ruleWaitError(fields({ trigger: 'waited_for_us', wait: { amount: 4, business_hours: true } }))).toBeNull();
    expect(ruleWaitError(fields({ trigger: 'tag_added' }))).toBeNull();
  });
});
