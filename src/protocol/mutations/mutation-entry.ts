import type { z } from 'zod';
import type { HttpMethod } from '../api/route';

/** The methods of a mutation's REST call (§7): a mutation never reads or replaces a whole resource. */
export type MutationMethod = Extract<HttpMethod, 'POST' | 'PATCH' | 'DELETE'>;

/**
 * One mutation kind as the protocol declares it: the route (route.ts) the worker sends it to and
 * the server registers, one object so that the two cannot drift apart; the schema of its
 * arguments; and `background` for a mutation the app makes by itself rather than the agent (a
 * draft's autosave): such rows wait in the outbox like the others but are not counted as the
 * agent's changes waiting (issue 12: 4 actions showed "8 changes waiting").
 */
export type MutationEntry = {
  route: { readonly method: MutationMethod; readonly path: string };
  args: z.ZodType;
  background?: true;
};

/** A domain's mutations, by kind. */
export type MutationEntries = Record<string, MutationEntry>;
