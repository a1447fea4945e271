import type { Rule } from '../../protocol/documents';
import type { MutationOf } from '../../protocol/mutations/mutation-input';
import { MUTATION_ROUTES } from '../../protocol/mutations/mutation-input';
import type { InboxDatabase } from '../../client-db/inbox-database';
import { documentIn, documentsIn, putting } from './answer-documents';
import type { AnswerDocuments, MutationDefinitions, Target } from './mutation-definition';
import { requestTo } from './route-request';

/** The rules page (§2 `rules`). Every row waits in one lane, `rules`, so edits reach the server in the order they were made. */
const inRuleLane = { lanes: () => ['rules'] } as const;

/** A created rule shows last until the server numbers it. */
const END_POSITION = 1_000_000;

const ruleTarget = (id: string): Target => ({ col: 'rules', id });

const isRuleDoc = (value: Record<string, unknown>) => typeof value['id'] === 'string' && typeof value['trigger'] === 'string' && typeof value['version'] === 'number';

function ruleAnswer(body: unknown): AnswerDocuments | null {
  const doc = documentIn(body, isRuleDoc);
  return doc ? putting('rules', [doc]) : null;
}

function sampleRule(overrides: Partial<Rule> = {}): Rule {
  return {
    id: 'ru-1',
    name: 'Tag Acme mail',
    enabled: true,
    position: 0,
    trigger: 'created_by_customer',
    match: 'all',
    conditions: [{ field: 'sender_domain', op: 'is', value: 'acme.com' }],
    actions: [{ type: 'add_tag', value: 'acme' }],
    stop: false,
    wait: null,
    updated_by: 1,
    updated_at: 1,
    version: 1,
    ...overrides,
  };
}

const FIELDS = ['name', 'enabled', 'trigger', 'match', 'conditions', 'actions', 'stop', 'wait'] as const;

type RuleFields = Pick<Rule, (typeof FIELDS)[number]>;

/** The rule fields a creation gives: all of them. */
function newRuleFields(input: MutationOf<'create-rule'>): RuleFields {
  const { name, enabled, trigger, match, conditions, actions, stop, wait } = input;
  return { name, enabled, trigger, match, conditions, actions, stop, wait };
}

/** The rule fields an update gives (the others stay as they are). */
function ruleFieldsOf(input: MutationOf<'update-rule'>): Partial<RuleFields> {
  return Object.fromEntries(FIELDS.flatMap((field) => (input[field] === undefined ? [] : [[field, input[field]]])));
}

/** Every rule's id in order once this one moves to `position`, from what the device holds. */
async function orderAfterMove(db: InboxDatabase, input: MutationOf<'move-rule'>): Promise<string[]> {
  const rules = (await db.rules.toArray()).sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  const order = rules.map((rule) => rule.id).filter((id) => id !== input.id);
  order.splice(Math.min(input.position, order.length), 0, input.id);
  return order;
}

export const ruleMutations = {
  'create-rule': {
    ...inRuleLane,
    targets: (input) => [ruleTarget(input.id)],
    patch: {
      rules: (doc, input, { createdAt }) => ({
        id: input.id,
        ...newRuleFields(input),
        position: doc?.position ?? END_POSITION,
        updated_by: doc?.updated_by ?? null,
        updated_at: createdAt,
        version: doc?.version ?? 0,
      }),
    },
    request: (input) =>
      requestTo(MUTATION_ROUTES['create-rule'], {}, { id: input.id, ...newRuleFields(input) }),
    answer: ruleAnswer,
    sample: {
      seed: {},
      input: { kind: 'create-rule', id: 'ru-2', name: 'Close spam', enabled: true, trigger: 'created_by_customer', match: 'all', conditions: [], actions: [{ type: 'mark_spam', value: '' }], stop: false, wait: null },
    },
  },
  'update-rule': {
    ...inRuleLane,
    targets: (input) => [ruleTarget(input.id)],
    patch: {
      rules: (doc, input, { createdAt }) => {
        if (!doc) return null;
        return { ...doc, ...ruleFieldsOf(input), updated_at: createdAt };
      },
    },
    request: (input) => requestTo(MUTATION_ROUTES['update-rule'], { id: input.id }, ruleFieldsOf(input)),
    answer: ruleAnswer,
    sample: { seed: { rules: [sampleRule()] }, input: { kind: 'update-rule', id: 'ru-1', enabled: false } },
  },
  'move-rule': {
    ...inRuleLane,
    targets: (input) => (input.order ?? [input.id]).map(ruleTarget),
    prepare: async (db, input) => ({ ...input, order: await orderAfterMove(db, input) }),
    patch: {
      rules: (doc, input) => {
        if (!doc) return null;
        const place = input.order?.indexOf(doc.id) ?? -1;
        return place === -1 ? doc : { ...doc, position: place };
      },
    },
    request: (input) => requestTo(MUTATION_ROUTES['move-rule'], { id: input.id }, { position: input.position }),
    // Every rule whose place changed.
    answer: (body) => putting('rules', documentsIn(body, 'rules', isRuleDoc)),
    sample: {
      seed: { rules: [sampleRule(), sampleRule({ id: 'ru-2', name: 'Second', position: 1 })] },
      input: { kind: 'move-rule', id: 'ru-2', position: 0 },
    },
  },
  'delete-rule': {
    ...inRuleLane,
    targets: (input) => [ruleTarget(input.id)],
    patch: { rules: () => null },
    request: (input) => requestTo(MUTATION_ROUTES['delete-rule'], { id: input.id }),
    answer: (_body, input) => ({ put: [], remove: [ruleTarget(input.id)] }),
    sample: { seed: { rules: [sampleRule()] }, input: { kind: 'delete-rule', id: 'ru-1' } },
  },
} satisfies MutationDefinitions<'create-rule' | 'update-rule' | 'move-rule' | 'delete-rule'>;
