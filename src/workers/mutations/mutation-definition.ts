import type { InboxDatabase, LocalDocuments } from '../../client-db/inbox-database';
import type { CollectionName } from '../../protocol/documents';
import type { MutationMethod } from '../../protocol/mutations/mutation-entry';
import type { MutationInput, MutationKind, MutationOf } from '../../protocol/mutations/mutation-input';

/**
 * What a mutation is to the worker: one definition per kind (Replicache's named mutators, Actual
 * Budget's handler map), grouped per domain in this folder and collected by mutation-registry.ts.
 * The outbox, the sender, rollback, recompute and undo read these and never name a kind. Its
 * name and argument schema are in src/protocol/mutations/ (shared with the server and the app).
 * See docs/architecture.md, "Registries".
 */

/** A document: its collection and its key (a conversation's id, a message's `m-1` or `t-…`). */
export type Target = { col: CollectionName; id: string | number };

/**
 * Rows of one lane are sent one at a time, in order; lanes do not wait for each other. A
 * conversation's actions share its lane (conversationLane): what must stay ordered (two replies,
 * a note and its edit, a reply and its undo) does, and one conversation's failing row never holds
 * up another's. A definition may name any other lane (e.g. `snippets`).
 */
export type Lane = string;

/** What an optimistic change may read besides the document and the arguments. */
export type PatchContext = {
  /** When the agent acted (epoch ms): the row's created_at. */
  createdAt: number;
  /** The temporary id of the document the row creates, if it creates one. */
  tempId: string | null;
  /** The outbox row's id, once it has one. */
  rowId: number | undefined;
  /** Now (epoch ms): a patch may change with time (a deleted note drops after its animation). */
  now: number;
};

/**
 * The optimistic change to one document of a collection (pure): the visible copy is the server's
 * (null when it has none) with every pending row's patch applied in order; null removes it.
 * `{ bivariance(…) }['bivariance']` lets a definition of one kind stand in the registry's map,
 * whose generic code only ever hands it rows of that kind.
 */
export type Patch<C extends CollectionName, I> = {
  bivariance(doc: LocalDocuments[C] | null, input: I, context: PatchContext): LocalDocuments[C] | null;
}['bivariance'];
export type Patches<I> = { [C in CollectionName]?: Patch<C, I> };

/** A REST call (§7), relative to the API base: to its kind's protocol route (requestTo). */
export type MutationRequest = { method: MutationMethod; path: string; body?: unknown };
export type RequestContext = { tempId: string | null; createdAt: number };

/** The server's copies a 2xx answer carries: documents to store (any collections) and documents it deleted. */
export type AnswerDocuments = { put: { col: CollectionName; docs: Record<string, unknown>[] }[]; remove?: Target[] };

/** Documents to put in the local tables before a sample runs, per collection. */
export type SeedDocuments = { [C in CollectionName]?: LocalDocuments[C][] };

/**
 * A small case of the mutation: its input over these documents changes at least one of its
 * targets. tests/unit/workers/mutations/mutation-registry.test.ts runs every definition's sample through
 * enqueue, optimistic change, refusal and rollback, so a new definition is tested by declaring it.
 */
export type MutationSample<I> = { seed: SeedDocuments; input: I };

export type MutationDefinition<I extends MutationInput> = {
  /** The lanes its row waits in; a row in several lanes is sent only once it heads each of them. */
  lanes(input: I): readonly Lane[];
  /**
   * The documents its optimistic change applies to. The first one files the row (its target_key).
   * A target in a collection `patch` does not name is left as it is.
   */
  targets(input: I, tempId: string | null): readonly Target[];
  /** It creates a document of this collection under a temporary id `t-…` until the server's answer names it. */
  creates?: CollectionName;
  /**
   * The document it refers to by id, which may be one an earlier row creates: until that row
   * succeeds the id is temporary; then `withId` rewrites the input to the server's id. If the
   * creation fails, this row is dropped unsent.
   */
  refersTo?: { id(input: I): string; withId(input: I, id: string): I };
  /** Documents it depends on without changing them (a send uses the draft it was written in). */
  uses?(input: I): readonly Target[];
  /**
   * Saved whole: a new row takes over its first target's last row of the same kind while that one
   * is still queued and nothing queued after it in its lanes uses that document.
   */
  coalesces?: boolean;
  /**
   * Completes the input from what the device holds, inside the enqueue transaction: the
   * collections and `meta` (what the server last told the device, e.g. the reply hold).
   */
  prepare?(db: InboxDatabase, input: I): Promise<I>;
  /**
   * Runs inside the enqueue transaction once the row is stored: further local writes, and the
   * mutations queued right behind it (each sent with this row's mutation id, suffixed by its kind).
   * `context` names the document the row creates (its temporary id) and when the agent acted.
   */
  queued?(db: InboxDatabase, input: I, context: RequestContext): Promise<readonly MutationInput[]>;
  /** Not sent before this time (epoch ms; a held reply's release waits for the end of its delay). */
  notBefore?(input: I): number;
  /**
   * An undo of the document it refers to deletes it while it has not left (a held reply's release:
   * the agent took the reply back, so the device does not confirm it).
   */
  droppedByUndo?: boolean;
  /** Its optimistic change, per collection it targets. */
  patch: Patches<I>;
  /**
   * Collections it reads or writes beyond those it patches: a target it leaves as it is, in
   * `prepare` or `queued`, or in its answer. The outbox's transactions open the collections some
   * definition patches or touches, and no others, so that they do not wait on reads of the rest.
   */
  touches?: readonly CollectionName[];
  /** Its patch changes by itself this long after the action: the worker recomputes its targets then. */
  changesAfterMs?: number;
  /** The REST call. */
  request(input: I, context: RequestContext): MutationRequest;
  /**
   * The server's copies in a successful answer, or null when it carries none: the change then
   * joins the base until the stream brings the server's copy.
   */
  answer(body: unknown, input: I): AnswerDocuments | null;
  /** A created document that can be undone while held (a reply, §4): the mutation that undoes it. */
  undoneBy?(createdId: string, input: I): MutationInput;
  /** The §8 text shown when the server refuses it, instead of the server's own. */
  refusedText?: string;
  sample: MutationSample<I>;
};

/** The definitions of some kinds, each typed by its own input (a domain file's export). */
export type MutationDefinitions<K extends MutationKind> = { [P in K]: MutationDefinition<MutationOf<P>> };
