import type { UploadedAttachment } from '../protocol/api/channels';
import type { BulkAction } from '../protocol/api/conversation-requests';
import type { ConversationStatus, MessageSource } from '../protocol/documents';
import type { DraftType } from '../protocol/drafts';

/**
 * A user action (§4 "every user action is a mutation"). The worker turns each into one outbox
 * row plus its optimistic change, in one transaction.
 */
export type MutationInput =
  /**
   * `draft_id`: the agent's draft of this reply or note, deleted with the send (same transaction).
   * `attachments`: files already uploaded (`POST attachments/`); their ids go with the request,
   * their names and sizes make the optimistic message's list.
   */
  | { kind: 'reply'; conversation_id: number; message: string; source?: MessageSource; draft_id?: string; attachments?: UploadedAttachment[] }
  | { kind: 'note'; conversation_id: number; message: string; draft_id?: string }
  | { kind: 'edit-note'; conversation_id: number; note_id: string; message: string }
  | { kind: 'delete-note'; conversation_id: number; note_id: string }
  | { kind: 'tag'; conversation_id: number; name: string }
  | { kind: 'untag'; conversation_id: number; slug: string }
  | { kind: 'status'; conversation_id: number; status: ConversationStatus }
  | { kind: 'assign'; conversation_id: number; agent_id: number | null }
  | { kind: 'read'; conversation_id: number }
  | { kind: 'undo'; conversation_id: number; message_id: string }
  /** One action on several conversations: one row, one request, patched on (and rolled back from) each. */
  | { kind: 'bulk'; conversation_ids: number[]; action: BulkAction }
  /** A recipient of replies (§7 `…/recipients`); `email` as recipientEmailField leaves it. */
  | { kind: 'add-recipient'; conversation_id: number; email: string }
  | { kind: 'remove-recipient'; conversation_id: number; email: string }
  /** Closed, read and tagged `spam`; with `block` the contact joins the blocked list. */
  | { kind: 'spam'; conversation_id: number; block: boolean }
  /**
   * The message and every later entry move to a new conversation (§7 `…/split`). The worker
   * fills `moved_ids` from what IndexedDB holds: those entries leave the thread at once.
   */
  | { kind: 'split'; conversation_id: number; message_id: string; moved_ids?: string[] }
  /**
   * The agent's draft, whole, saved on every change (a blank message deletes it). A change
   * replaces the draft's row while that row still waits to be sent, so typing never floods the
   * outbox. `agent_id` is the writer, for the optimistic copy of a new draft.
   */
  | { kind: 'draft'; conversation_id: number; draft_id: string; agent_id: number; type: DraftType; message: string }
  | { kind: 'share-draft'; conversation_id: number; draft_id: string; target_id: number };

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
