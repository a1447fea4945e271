import type { z } from 'zod';
import { CONVERSATION_INVERSES, CONVERSATION_MUTATIONS } from './conversation-mutations';
import { DRAFT_MUTATIONS } from './draft-mutations';
import { TAG_MUTATIONS } from './tag-mutations';
import { MESSAGE_MUTATIONS } from './message-mutations';
import { SNIPPET_MUTATIONS } from './snippet-mutations';
import { KNOWLEDGE_MUTATIONS } from './knowledge-mutations';
import { BILLING_MUTATIONS } from './billing-mutations';
import { CUSTOM_DATA_MUTATIONS } from './custom-data-mutations';
import { CONTACT_MUTATIONS } from './contact-mutations';

/**
 * Every mutation's name (its `kind`, the name stored in outbox rows) and argument schema, per
 * domain. The worker registers one definition per name (src/workers/mutations/), the server
 * validates the same request shapes, and MutationInput, the type of what the app hands to the
 * worker, follows from these schemas. A new domain spreads its map in here.
 */
export const MUTATION_ARGS = {
  ...CONVERSATION_MUTATIONS,
  ...MESSAGE_MUTATIONS,
  ...DRAFT_MUTATIONS,
  ...TAG_MUTATIONS,
  ...SNIPPET_MUTATIONS,
  ...KNOWLEDGE_MUTATIONS,
  ...BILLING_MUTATIONS,
  ...CUSTOM_DATA_MUTATIONS,
  ...CONTACT_MUTATIONS,
};

type Schemas = typeof MUTATION_ARGS;
export type MutationKind = keyof Schemas;

/** A user action (§4 "every user action is a mutation"): its kind and its arguments. */
export type MutationInput = { [K in MutationKind]: { kind: K } & z.output<Schemas[K]> }[MutationKind];
export type MutationOf<K extends MutationKind> = Extract<MutationInput, { kind: K }>;

/**
 * Mutations the app makes by itself, not actions of the agent: a draft's autosave, the read mark
 * of a conversation opened. They wait in the outbox like the others but are not counted as the
 * agent's changes waiting (issue 12: 4 actions showed "8 changes waiting"); nor is a held reply's
 * release, the device's own confirmation that goes with the reply.
 */
export const BACKGROUND_MUTATIONS: ReadonlySet<MutationKind> = new Set<MutationKind>(['draft', 'read', 'release']);

/** What z's inverse of a recorded action may read: the conversations it names as they are now (by id), and tag names by slug. */
export type UndoState = { conversations: ReadonlyMap<number, { tags: readonly string[] }>; tagNames: ReadonlyMap<string, string> };

/**
 * How z takes back an action of this tab (the action's record `A` holds what it changed): the
 * mutations that reverse it, none when nothing is left to take back; a few words for the
 * "Undone" toast (`describe`) and for the toast that confirms the action (`done`).
 */
export type Inverse<A> = { inverse(action: A, state: UndoState): MutationInput[]; describe(action: A): string; done(action: A): string };

/** The actions z can take back, by mutation kind. */
export const MUTATION_INVERSES = { ...CONVERSATION_INVERSES };

type Inverses = typeof MUTATION_INVERSES;
export type RecordedAction = { [K in keyof Inverses]: Parameters<Inverses[K]['inverse']>[0] }[keyof Inverses];

/** The inverse of a recorded action, from its kind's entry (each entry takes its own kind's record). */
export function inverseOf(action: RecordedAction): Inverse<RecordedAction> {
  return MUTATION_INVERSES[action.kind];
}
