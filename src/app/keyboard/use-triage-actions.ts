import { useMemo } from 'react';
import type { Conversation, ConversationStatus } from '../../protocol/documents';
import { useSyncActions } from '../sync/use-sync-actions';
import { useKeyboardRegistry } from './keyboard-context';
import type { KeyboardRegistry } from './keyboard-context';

type Subject = Pick<Conversation, 'id' | 'status' | 'agent_id' | 'tags'>;

export type TriageActions = {
  setStatus: (conversation: Subject, status: ConversationStatus) => Promise<void>;
  assign: (conversation: Subject, agentId: number | null) => Promise<void>;
  addTag: (conversation: Subject, name: string) => Promise<void>;
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
    }),
    [mutateTracked, record],
  );
}
