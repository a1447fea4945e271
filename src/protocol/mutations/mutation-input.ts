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
import { RULE_MUTATIONS } from './rule-mutations';
import { HOURS_MUTATIONS } from './hours-mutations';
import { ONBOARDING_MUTATIONS } from './onboarding-mutations';
import type { MutationEntry } from './mutation-entry';

/**
 * Every mutation's name (its `kind`, the name stored in outbox rows), route and argument schema,
 * per domain (MutationEntry). The worker registers one definition per name (src/workers/mutations/)
 * and sends it to its route, the server registers the route from the same entry and validates the
 * same request shapes, and MutationInput, the type of what the app hands to the worker, follows
 * from these schemas. A new domain spreads its map in here.
 */
export const MUTATION_ENTRIES = {
  ...CONVERSATION_MUTATIONS,
  ...MESSAGE_MUTATIONS,
  ...DRAFT_MUTATIONS,
  ...TAG_MUTATIONS,
  ...SNIPPET_MUTATIONS,
  ...KNOWLEDGE_MUTATIONS,
  ...BILLING_MUTATIONS,
  ...CUSTOM_DATA_MUTATIONS,
  ...CONTACT_MUTATIONS,
  ...RULE_MUTATIONS,
  ...HOURS_MUTATIONS,
  ...ONBOARDING_MUTATIONS,
};

type Entries = typeof MUTATION_ENTRIES;
export type MutationKind = keyof Entries;

const KINDS = Object.keys(MUTATION_ENTRIES) as MutationKind[];

function byKind<T>(value: (entry: MutationEntry) => T): Record<MutationKind, T> {
  return Object.fromEntries(KINDS.map((kind) => [kind, value(MUTATION_ENTRIES[kind])])) as Record<MutationKind, T>;
}

/** Each kind's argument schema, the one the server's route validates. */
export const MUTATION_ARGS = byKind((entry) => entry.args) as { [K in MutationKind]: Entries[K]['args'] };

/** Each kind's route: the worker builds its request's path with it, the server registers it. */
export const MUTATION_ROUTES = byKind((entry) => entry.route) as { [K in MutationKind]: Entries[K]['route'] };

type Schemas = typeof MUTATION_ARGS;

/** A user action (§4 "every user action is a mutation"): its kind and its arguments. */
export type MutationInput = { [K in MutationKind]: { kind: K } & z.output<Schemas[K]> }[MutationKind];
export type MutationOf<K extends MutationKind> = Extract<MutationInput, { kind: K }>;

/** The mutations the app makes by itself (`background` in their entries): not the agent's changes waiting. */
export const BACKGROUND_MUTATIONS: ReadonlySet<MutationKind> = new Set(KINDS.filter((kind) => (MUTATION_ENTRIES[kind] as MutationEntry).background));

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
