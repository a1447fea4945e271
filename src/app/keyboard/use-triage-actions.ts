import { useMemo } from 'react';
import type { BulkAction } from '../../protocol/api/conversation-requests';
import { BULK_MAX_CONVERSATIONS } from '../../protocol/api/conversation-requests';
import type { Conversation, ConversationStatus } from '../../protocol/documents';
import { useInboxDb } from '../sync/sync-context';
import { useSyncActions } from '../sync/use-sync-actions';
import { useKeyboardRegistry } from './keyboard-context';
import type { KeyboardRegistry } from './keyboard-context';

type Subject = Pick<Conversation, 'id' | 'status' | 'agent_id' | 'tags' | 'snoozed_until'>;

export type TriageActions = {
  setStatus: (conversation: Subject, status: ConversationStatus) => Promise<void>;
  assign: (conversation: Subject, agentId: number | null) => Promise<void>;
  addTag: (conversation: Subject, name: string) => Promise<void>;
  /** Until a time (epoch ms), or back now with null. */
  snooze: (conversation: Subject, until: number | null) => Promise<void>;
  /** One action on several conversations (one bulk row per BULK_MAX_CONVERSATIONS), undone as one. */
  bulk: (ids: readonly number[], action: BulkAction) => Promise<void>;
};

/**
 * The conversation actions that z can undo, from the header, the shortcuts and the palette
 * alike: each is a mutation through the worker, recorded with what it changed.
 */
export function useTriageActions(): TriageActions {
  return useTriageActionsRecordedBy(useKeyboardRegistry().record);
}

/** The same, for the keyboard provider itself, which is above its own registry context. */
export function useTriageActionsRecordedBy(record: KeyboardRegistry['record']): TriageActions {
  const { mutateTracked } = useSyncActions();
  const db = useInboxDb();
  return useMemo(
    () => ({
      setStatus: async (c, status) => {
        if (c.status === status) return;
        if ((await mutateTracked({ kind: 'status', conversation_id: c.id, status })) !== null) {
          record({ kind: 'status', conversation_id: c.id, before: c.status, after: status });
        }
      },
      assign: async (c, agentId) => {
        if (c.agent_id === agentId) return;
        if ((await mutateTracked({ kind: 'assign', conversation_id: c.id, agent_id: agentId })) !== null) {
          record({ kind: 'assign', conversation_id: c.id, before: c.agent_id, after: agentId });
        }
      },
      addTag: async (c, name) => {
        if ((await mutateTracked({ kind: 'tag', conversation_id: c.id, name })) !== null) {
          record({ kind: 'tag', conversation_id: c.id, name, tagsBefore: c.tags });
        }
      },
      snooze: async (c, until) => {
        const before = c.snoozed_until ?? null;
        if ((await mutateTracked({ kind: 'snooze', conversation_id: c.id, until })) !== null) {
          record({ kind: 'snooze', conversation_id: c.id, before: before !== null && before > Date.now() ? before : null, after: until });
        }
      },
      bulk: async (ids, action) => {
        const before = (await db.conversations.bulkGet([...new Set(ids)])).filter((c) => c !== undefined);
        const sent: Conversation[] = [];
        for (let start = 0; start < before.length; start += BULK_MAX_CONVERSATIONS) {
          const part = before.slice(start, start + BULK_MAX_CONVERSATIONS);
          if ((await mutateTracked({ kind: 'bulk', conversation_ids: part.map((c) => c.id), action })) !== null) sent.push(...part);
        }
        if (sent.length === 0) return;
        record({ kind: 'bulk', action, before: sent.map((c) => ({ id: c.id, status: c.status, agent_id: c.agent_id, tags: c.tags })) });
      },
    }),
    [mutateTracked, record, db],
  );
}
