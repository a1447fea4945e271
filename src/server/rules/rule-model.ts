import { z } from 'zod';
import type { Rule } from '../../protocol/documents';
import { ruleActionSchema, ruleConditionSchema, RULE_TRIGGERS, ruleWaitSchema, type RuleTrigger } from '../../protocol/rules/rule-model';
import { readJsonColumn } from '../db/json-column';
import type { RuleRow } from './rule-tables';

const conditions = z.array(ruleConditionSchema);
const actions = z.array(ruleActionSchema);
const wait = ruleWaitSchema.nullable();

function triggerOf(value: string): RuleTrigger {
  return (RULE_TRIGGERS as readonly string[]).includes(value) ? (value as RuleTrigger) : 'created_by_customer';
}

export function toRule(row: RuleRow): Rule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    position: Number(row.position),
    trigger: triggerOf(row.trigger),
    match: row.match === 'any' ? 'any' : 'all',
    conditions: readJsonColumn(row.conditions, conditions, []),
    actions: readJsonColumn(row.actions, actions, []),
    stop: row.stop === 1,
    wait: readJsonColumn(row.wait, wait, null),
    updated_by: row.updated_by,
    updated_at: Number(row.updated_at),
    version: Number(row.version),
  };
}
