import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { ruleCreateBody } from '../../protocol/api/rule-requests';
import type { Rule } from '../../protocol/documents';
import { ruleWaitError, type RuleFields, type ruleUpdateSchema } from '../../protocol/rules/rule-model';
import { suggestSlug } from '../../protocol/slug';
import { writeJsonColumn } from '../db/json-column';
import { fieldError, HttpError, notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';
import { toRule } from './rule-model';
import type { RuleRow, RulesTable } from './rule-tables';
import { armRule } from './rule-waits';

export function listRuleRows(write: Pick<Write, 'trx' | 'orgId'>): Promise<RuleRow[]> {
  return write.trx.selectFrom('rules').selectAll().where('org_id', '=', write.orgId).orderBy('position').orderBy('id').execute();
}

async function findRule(write: Write, id: string): Promise<RuleRow> {
  const row = await write.trx.selectFrom('rules').selectAll().where('org_id', '=', write.orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** What the fields name must exist in the organization: teammates, snippets; a tag needs a letter or digit. */
async function assertReferences(write: Write, fields: Pick<RuleFields, 'actions' | 'trigger' | 'wait'>): Promise<void> {
  const waitError = ruleWaitError(fields);
  if (waitError) throw fieldError(waitError.field, waitError.message);
  for (const [index, action] of fields.actions.entries()) {
    const field = `actions.${index}.value`;
    if (action.type === 'assign' || action.type === 'notify' || action.type === 'round_robin') {
      const ids = action.type === 'round_robin' ? (action.agents ?? []) : [Number(action.value)];
      const found = await write.trx.selectFrom('agents').select('id').where('org_id', '=', write.orgId).where('is_removed', '=', 0).where('id', 'in', ids).execute();
      if (found.length !== new Set(ids).size) throw fieldError(action.type === 'round_robin' ? `actions.${index}.agents` : field, 'is not an active teammate');
    } else if (action.type === 'reply_snippet') {
      const snippet = await write.trx.selectFrom('snippets').select('id').where('org_id', '=', write.orgId).where('id', '=', action.value).executeTakeFirst();
      if (!snippet) throw fieldError(field, 'is not a snippet');
    } else if ((action.type === 'add_tag' || action.type === 'remove_tag') && !suggestSlug(action.value)) {
      throw fieldError(field, 'must contain a letter or a digit');
    }
  }
}

function columnsOf(fields: z.output<typeof ruleUpdateSchema>): Updateable<RulesTable> {
  return {
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.enabled !== undefined ? { enabled: fields.enabled ? 1 : 0 } : {}),
    ...(fields.trigger !== undefined ? { trigger: fields.trigger } : {}),
    ...(fields.match !== undefined ? { match: fields.match } : {}),
    ...(fields.conditions !== undefined ? { conditions: writeJsonColumn(fields.conditions) } : {}),
    ...(fields.actions !== undefined ? { actions: writeJsonColumn(fields.actions) } : {}),
    ...(fields.stop !== undefined ? { stop: fields.stop ? 1 : 0 } : {}),
    ...(fields.wait !== undefined ? { wait: fields.wait === null ? null : writeJsonColumn(fields.wait) } : {}),
  };
}

function updateRuleRow(write: Write, id: string, values: Updateable<RulesTable>): Promise<Rule> {
  return write.change('rules', 'update', async (version) => {
    const row = await write.trx.updateTable('rules').set({ ...values, version }).where('org_id', '=', write.orgId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    return toRule(row);
  });
}

/** `POST rules/`: last in the order; an id already used is a 409. */
export async function createRule(write: Write, agentId: number, input: z.output<typeof ruleCreateBody>): Promise<Rule> {
  const taken = await write.trx.selectFrom('rules').select('id').where('org_id', '=', write.orgId).where('id', '=', input.id).executeTakeFirst();
  if (taken) throw new HttpError(409, { errors: { id: 'is already used' } });
  await assertReferences(write, input);
  const last = await write.trx
    .selectFrom('rules')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('org_id', '=', write.orgId)
    .executeTakeFirst();
  const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  const { id, ...fields } = input;
  const rule = await write.change('rules', 'insert', async (version) => {
    const row = await write.trx
      .insertInto('rules')
      .values({
        org_id: write.orgId,
        id,
        name: fields.name,
        enabled: fields.enabled ? 1 : 0,
        position,
        trigger: fields.trigger,
        match: fields.match,
        conditions: writeJsonColumn(fields.conditions),
        actions: writeJsonColumn(fields.actions),
        stop: fields.stop ? 1 : 0,
        wait: fields.wait === null ? null : writeJsonColumn(fields.wait),
        last_turn: null,
        updated_by: agentId,
        created_at: write.now,
        updated_at: write.now,
        version,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRule(row);
  });
  await armRule(write, rule, rule.id);
  return rule;
}

/** `PATCH rules/{id}`: the fields given; a waiting rule's jobs are made again. */
export async function updateRule(write: Write, agentId: number, id: string, input: z.output<typeof ruleUpdateSchema>): Promise<Rule> {
  const before = toRule(await findRule(write, id));
  await assertReferences(write, { trigger: input.trigger ?? before.trigger, wait: input.wait === undefined ? before.wait : input.wait, actions: input.actions ?? before.actions });
  const rule = await updateRuleRow(write, id, { ...columnsOf(input), updated_by: agentId, updated_at: write.now });
  const waitChanged = before.enabled !== rule.enabled || before.trigger !== rule.trigger || JSON.stringify(before.wait) !== JSON.stringify(rule.wait);
  if (waitChanged) await armRule(write, rule, id);
  return rule;
}

/** `PATCH rules/{id}/position`: moved to `position`, the others renumbered 0, 1, 2 … in order. */
export async function moveRule(write: Write, id: string, position: number): Promise<{ rules: Rule[] }> {
  await findRule(write, id);
  const rows = await listRuleRows(write);
  if (position >= rows.length) throw fieldError('position', `must be at most ${rows.length - 1}`);
  const order = rows.filter((row) => row.id !== id);
  const moved = rows.find((row) => row.id === id);
  if (moved) order.splice(position, 0, moved);
  const rules: Rule[] = [];
  for (const [index, row] of order.entries()) {
    if (Number(row.position) !== index) rules.push(await updateRuleRow(write, row.id, { position: index }));
  }
  return { rules };
}

export async function deleteRule(write: Write, id: string): Promise<{ id: string }> {
  await findRule(write, id);
  await write.remove('rules', id, async () => {
    await write.trx.deleteFrom('rules').where('org_id', '=', write.orgId).where('id', '=', id).execute();
  });
  await armRule(write, null, id);
  return { id };
}
