import { z } from 'zod';
import { route } from '../api/route';
import { ruleCreateBody, rulePositionBody } from '../api/rule-requests';
import { ruleIdField, ruleUpdateSchema } from '../rules/rule-model';
import type { MutationEntries } from './mutation-entry';

/** The rules page (§2 `rules`): every change of a rule, guarded by `rule.*` on the server. */
export const RULE_MUTATIONS = {
  'create-rule': { route: route('POST', 'rules/'), args: ruleCreateBody },
  'update-rule': { route: route('PATCH', 'rules/:id'), args: ruleUpdateSchema.extend({ id: ruleIdField }) },
  /** `order` (prepared): every rule's id in the new order, so the list shows the move at once. */
  'move-rule': { route: route('PATCH', 'rules/:id/position'), args: rulePositionBody.extend({ id: ruleIdField, order: z.array(ruleIdField).optional() }) },
  'delete-rule': { route: route('DELETE', 'rules/:id'), args: z.object({ id: ruleIdField }) },
} satisfies MutationEntries;
