import type { MutationInput, MutationKind } from '../protocol/mutations/mutation-input';

/**
 * A user action (§4 "every user action is a mutation"): its kind and arguments, as declared in
 * src/protocol/mutations/. The worker turns each into one outbox row plus its optimistic change,
 * in one transaction, following the kind's definition (src/workers/mutations/).
 */
export type { MutationInput, MutationKind };

/**
 * The outbox row's life:
 *
 *   queued ──send──▶ sending ──2xx──▶ (deleted; the server's copy becomes the base)
 *     ▲                 │
 *     └── retry later ◀─┤ network error, 5xx, timeout (attempts + 1, backoff)
 *                       └─ 4xx ──▶ failed (patch dropped, §8 text shown, row kept for the record)
 *   queued ──undo──▶ (deleted: the send never leaves the browser)
 */
export type OutboxState = 'queued' | 'sending' | 'failed';

export type OutboxRow = {
  id?: number;
  /** The mutation id sent as x-mutation-id: the server applies it at most once. */
  client_id: string;
  /** Order of creation; rows are sent in this order. */
  seq: number;
  kind: MutationKind;
  /**
   * `${col}:${id}` of the document the row is filed under: the first of its definition's targets
   * (kept in step with its args when a temporary id it names is replaced).
   */
  target_key: string;
  /**
   * Every document key the row's patch applies to (its definition's targets, the first being
   * `target_key`): a multi-entry index, so a document's pending rows are read without a scan.
   * Rows stored before database version 4 get it when the worker starts.
   */
  target_keys?: string[];
  args: MutationInput;
  /** When the agent acted (epoch ms): a reply's delay counts from here (§4). */
  created_at: number;
  /** Not before this time (epoch ms): backoff after a retryable failure. */
  send_at: number;
  state: OutboxState;
  attempts: number;
  error: string | null;
  /** For a mutation that creates a document (a reply, a note): that document's temporary id. */
  temp_id: string | null;
};

/** Temporary ids of created documents start with this. */
export const TEMP_ID_PREFIX = 't-';

/**
 * The temporary id of what a mutation creates (a reply, a note, a new conversation's first
 * message) when its tab chose the mutation's id (`clientId`): the tab knows it before the worker
 * answers, and the server's copy names it as `target_id`.
 */
export function newTempId(clientId: string): string {
  return TEMP_ID_PREFIX + clientId;
}
