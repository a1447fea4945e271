import type { OutboxRow } from '../../client-db/outbox-row';
import { COLLECTIONS } from '../../protocol/collections';
import type { CollectionName } from '../../protocol/documents';
import type { MutationInput, MutationKind, MutationOf } from '../../protocol/mutations/mutation-input';
import { targetKey } from '../engine/mutation-target';
import { bulkMutations } from './bulk-mutations';
import { conversationActionMutations } from './conversation-action-mutations';
import { conversationMutations } from './conversation-mutations';
import { draftMutations } from './draft-mutations';
import { tagMutations } from './tag-mutations';
import { messageMutations } from './message-mutations';
import { newConversationMutations } from './new-conversation-mutations';
import { snippetMutations } from './snippet-mutations';
import { knowledgeMutations } from './knowledge-mutations';
import { billingMutations } from './billing-mutations';
import { customDataMutations } from './custom-data-mutations';
import { contactMutations } from './contact-mutations';
import { ruleMutations } from './rule-mutations';
import { hoursMutations } from './hours-mutations';
import { onboardingMutations } from './onboarding-mutations';
import type { Lane, MutationDefinition, MutationRequest, Target } from './mutation-definition';

/**
 * Every mutation kind's definition, collected from its domain's file. A kind declared in
 * src/protocol/mutations/ without a definition here does not compile. A new domain spreads its
 * definitions in here; a new action of an existing domain is added in that domain's file.
 */
export const MUTATIONS: { [K in MutationKind]: MutationDefinition<MutationOf<K>> } = {
  ...conversationMutations,
  ...conversationActionMutations,
  ...bulkMutations,
  ...messageMutations,
  ...newConversationMutations,
  ...draftMutations,
  ...tagMutations,
  ...snippetMutations,
  ...knowledgeMutations,
  ...billingMutations,
  ...customDataMutations,
  ...contactMutations,
  ...ruleMutations,
  ...hoursMutations,
  ...onboardingMutations,
};

/** The definition of an input's kind: each entry only ever receives inputs of its own kind. */
export function definitionOf(input: Pick<MutationInput, 'kind'>): MutationDefinition<MutationInput> {
  return MUTATIONS[input.kind];
}

/** Every collection some definition patches or touches: what the outbox's transactions open. */
export const MUTATED_COLLECTIONS: readonly CollectionName[] = COLLECTIONS.filter((col) =>
  Object.values(MUTATIONS).some((definition: MutationDefinition<MutationInput>) => definition.patch[col] !== undefined || definition.touches?.includes(col)),
);

type RowArgs = Pick<OutboxRow, 'args' | 'temp_id'>;

/** Every document a row's patch applies to, the one it is filed under first. */
export function targetsOf(row: RowArgs): readonly Target[] {
  return definitionOf(row.args).targets(row.args, row.temp_id);
}

export function targetKeysOf(row: RowArgs): string[] {
  return [...new Set(targetsOf(row).map(targetKey))];
}

/** The key a row is filed under (OutboxRow.target_key). */
export function primaryTargetKey(row: RowArgs): string {
  const first = targetsOf(row)[0];
  if (!first) throw new Error(`A ${row.args.kind} names no document.`);
  return targetKey(first);
}

export function lanesOf(row: Pick<OutboxRow, 'args'>): readonly Lane[] {
  return definitionOf(row.args).lanes(row.args);
}

/** The REST call of an outbox row (§7), relative to the API base. */
export function requestOf(row: Pick<OutboxRow, 'args' | 'temp_id' | 'created_at'>): MutationRequest {
  return definitionOf(row.args).request(row.args, { tempId: row.temp_id, createdAt: row.created_at });
}

/** What the agent is told when the server refuses a mutation: the server's text, unless §8 names the action's own. */
export function refusedMutationText(input: MutationInput, serverText: string): string {
  return definitionOf(input).refusedText ?? serverText;
}

/** The id of the document a row refers to (see MutationDefinition.refersTo), if it refers to one. */
export function referredIdOf(input: MutationInput): string | null {
  return definitionOf(input).refersTo?.id(input) ?? null;
}

/** The same input referring to `to` where it referred to `from` (a temporary id the server replaced). */
export function withReferredId(input: MutationInput, from: string, to: string): MutationInput {
  const refersTo = definitionOf(input).refersTo;
  return refersTo && refersTo.id(input) === from ? refersTo.withId(input, to) : input;
}
