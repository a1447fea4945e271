import type { BulkAction } from '../protocol/api/conversation-requests';
import type { ConversationStatus, MessageSource } from '../protocol/documents';

/**
 * A user action (§4 "every user action is a mutation"). The worker turns each into one outbox
 * row plus its optimistic change, in one transaction.
 */
export type MutationInput =
  | { kind: 'reply'; conversation_id: number; message: string; source?: MessageSource }
  | { kind: 'note'; conversation_id: number; message: string }
  | { kind: 'edit-note'; conversation_id: number; note_id: string; message: string }
  | { kind: 'delete-note'; conversation_id: number; note_id: string }
  | { kind: 'tag'; conversation_id: number; name: string }
  | { kind: 'untag'; conversation_id: number; slug: string }
  | { kind: 'status'; conversation_id: number; status: ConversationStatus }
  | { kind: 'assign'; conversation_id: number; agent_id: number | null }
  | { kind: 'read'; conversation_id: number }
  | { kind: 'undo'; conversation_id: number; message_id: string }
  /** One action on several conversations: one row, one request, patched on (and rolled back from) each. */
  | { kind: 'bulk'; conversation_ids: number[]; action: BulkAction };

export type MutationKind = MutationInput['kind'];

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
  /** `${col}:${id}` of the document the optimistic patch applies to. */
  target_key: string;
  args: MutationInput;
  /** When the agent acted (epoch ms): a reply's delay counts from here (§4). */
  created_at: number;
  /** Not before this time (epoch ms): backoff after a retryable failure. */
  send_at: number;
  state: OutboxState;
  attempts: number;
  error: string | null;
  /** For a reply or note: the temporary id of its optimistic message. */
  temp_id: string | null;
};
