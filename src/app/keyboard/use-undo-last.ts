import { useCallback } from 'react';
import type { RefObject } from 'react';
import { Dexie } from 'dexie';
import { useSignedIn } from '../session/signed-in-context';
import { useInboxDb } from '../sync/sync-context';
import { useSyncActions } from '../sync/use-sync-actions';
import type { OpenConversation } from './keyboard-context';
import { describeAction, findHeldSend, inverseMutation, popAction } from './last-actions';
import type { LastActions } from './last-actions';

/**
 * z: takes back the newest action of this tab — a held send through undoSend (while its delay
 * runs), the others through their inverse mutation. Resolves with the words for a toast.
 */
export function useUndoLast(stack: RefObject<LastActions>, open: OpenConversation | null): () => Promise<string> {
  const db = useInboxDb();
  const { agent } = useSignedIn();
  const { mutate, undoSend } = useSyncActions();
  return useCallback(async () => {
    const { action, rest } = popAction(stack.current);
    stack.current = rest;
    if (!action) return 'Nothing to undo';
    const id = action.conversation_id;
    if (action.kind === 'send') {
      const messages = await db.messages.where('[conversation_id+timestamp_ts]').between([id, Dexie.minKey], [id, Dexie.maxKey]).toArray();
      const held = findHeldSend(messages, action.outbox_id, agent.id, Date.now());
      if (!held) return 'Too late to undo: the reply was sent';
      if (open?.id === id) open.undoSend(held);
      else undoSend(held.id);
      return `Undone: ${describeAction(action)}`;
    }
    const [conversation, tags] = await Promise.all([db.conversations.get(id), db.tags.toArray()]);
    const inverse = inverseMutation(action, conversation, new Map(tags.map((tag) => [tag.slug, tag.name])));
    if (!inverse) return 'Nothing to undo';
    mutate(inverse);
    return `Undone: ${describeAction(action)}`;
  }, [db, agent.id, mutate, undoSend, stack, open]);
}
