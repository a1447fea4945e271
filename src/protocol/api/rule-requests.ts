import { z } from 'zod';
import { ruleConditionSchema, ruleFieldsSchema, ruleIdField, RULE_LIMITS, RULE_TRIGGERS } from '../rules/rule-model';

/**
 * The rules calls (§2 `rules`, guarded by `rule.*`; the paths are ours, in the snippets' style).
 * Ids are the client's, so a rule can be made, edited and moved offline.
 */
export const ruleIdParams = z.object({ id: ruleIdField });

/** `POST rules/`: a new rule, last in the order. */
export const ruleCreateBody = ruleFieldsSchema.extend({ id: ruleIdField });

/** `PATCH rules/{id}/position`: its place (0 first) among the organization's rules. */
export const rulePositionBody = z.object({
  position: z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }),
});

/** `POST rules/dry-run`: the conditions of a rule being written. */
export const ruleDryRunBody = z.object({
  trigger: z.enum(RULE_TRIGGERS, { error: 'is not a trigger' }),
  match: z.enum(['all', 'any']).default('all'),
  conditions: z.array(ruleConditionSchema).max(RULE_LIMITS.conditions).default([]),
});

export const DRY_RUN_DAYS = 30;
export const DRY_RUN_SAMPLE = 10;

/** How many of the last 30 days' conversations the rule would have matched, with a few of them. */
export type RuleDryRun = {
  matched: number;
  /** The conversations looked at (created in the last 30 days). */
  total: number;
  sample: { id: number; subject: string; created_at: number }[];
  /** How long the server took, for the form's footnote and the benchmark. */
  took_ms: number;
};
