import { useCallback } from 'react';
import type { RefObject } from 'react';
import { Dexie } from 'dexie';
import { useSignedIn } from '../session/signed-in-context';
import { useInboxDb } from '../sync/sync-context';
import { useSyncActions } from '../sync/use-sync-actions';
import type { OpenConversation } from './keyboard-context';
import { actionConversationIds, describeAction, dropAction, findHeldSend, inverseMutations, popAction } from './last-actions';
import type { LastActions, UndoableAction } from './last-actions';
import { triageRecorded } from './use-triage-actions';

export type Undo = {
  /** z: takes back the newest action of this tab. */
  undoLast: () => Promise<string>;
  /** A toast's Undo: takes back that action, wherever it is in the stack. */
  undoAction: (action: UndoableAction) => Promise<string>;
};

/**
 * Taking back an action of this tab — a held send through undoSend (while its delay runs), the
 * others (bulk ones included) through their inverse mutations. Resolves with the words for a toast.
 */
export function useUndoLast(stack: RefObject<LastActions>, open: OpenConversation | null): Undo {
  const db = useInboxDb();
  const { agent } = useSignedIn();
  const { mutate, undoSend } = useSyncActions();
  const undo = useCallback(
    async (action: UndoableAction): Promise<string> => {
      if (action.kind === 'send') {
        const id = action.conversation_id;
        const messages = await db.messages.where('[conversation_id+timestamp_ts]').between([id, Dexie.minKey], [id, Dexie.maxKey]).toArray();
        const held = findHeldSend(messages, action.outbox_id, agent.id, Date.now());
        if (!held) return 'Too late to undo: the reply was sent';
        if (open?.id === id) open.undoSend(held);
        else undoSend(held.id);
        return `Undone: ${describeAction(action)}`;
      }
      const [conversations, tags] = await Promise.all([db.conversations.bulkGet(actionConversationIds(action)), db.tags.toArray()]);
      const current = conversations.filter((c) => c !== undefined);
      const inverses = inverseMutations(action, current, new Map(tags.map((tag) => [tag.slug, tag.name])));
      if (inverses.length === 0) return 'Nothing to undo';
      for (const inverse of inverses) mutate(inverse);
      return `Undone: ${describeAction(action)}`;
    },
    [db, agent.id, mutate, undoSend, open],
  );
  const undoLast = useCallback(async () => {
    // An action whose worker has not answered yet is the newest: wait for it to be on the stack.
    await triageRecorded();
    const { action, rest } = popAction(stack.current);
    stack.current = rest;
    return action ? undo(action) : 'Nothing to undo';
  }, [stack, undo]);
  const undoAction = useCallback(
    async (action: UndoableAction) => {
      stack.current = dropAction(stack.current, action);
      return undo(action);
    },
    [stack, undo],
  );
  return { undoLast, undoAction };
}
