import type { Draft } from '../../protocol/documents';
import type { DraftRow } from './draft-tables';
import { readCopiesColumn } from '../db/json-column';

/** The wire document of a draft row and the teammates it is shared with (ascending ids). */
export function toDraft(row: DraftRow, sharedWith: readonly number[]): Draft {
  const cc = readCopiesColumn(row.cc);
  const bcc = readCopiesColumn(row.bcc);
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    agent_id: row.agent_id,
    type: row.type,
    message: row.message,
    shared_with: [...sharedWith].sort((a, b) => a - b),
    updated_at: Number(row.updated_at),
    ...(cc?.length ? { cc } : {}),
    ...(bcc?.length ? { bcc } : {}),
    version: Number(row.version),
  };
}

/** Who receives a draft's feed rows: its writer and every teammate it is shared with. */
export function draftAudience(draft: Pick<Draft, 'agent_id' | 'shared_with'>): number[] {
  return [draft.agent_id, ...draft.shared_with];
}
