import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { OutboxRow } from '../../../../client-db/outbox-row';
import { useSignedIn } from '../../../session/signed-in-context';
import { useInboxDb } from '../../../sync/sync-context';

const NO_ROWS: OutboxRow[] = [];

/**
 * Splits of this conversation still waiting in the outbox (true while there are), and, when one
 * is accepted, a move to the new conversation: the split message's server copy names it. A
 * refused split stays in the outbox as failed, so it is not followed (its toast says why).
 */
export function useSplitFollow(conversationId: number): boolean {
  const db = useInboxDb();
  const { slug } = useSignedIn();
  const navigate = useNavigate();
  const { search } = useLocation();
  const seen = useRef(new Map<number, string>());
  const pending = useLiveQuery(
    () =>
      db.outbox
        .where('state')
        .anyOf('queued', 'sending')
        .filter((row) => row.args.kind === 'split' && row.args.conversation_id === conversationId)
        .toArray(),
    [db, conversationId],
    NO_ROWS,
  );

  useEffect(() => {
    const current = new Set<number>();
    for (const row of pending) {
      if (row.id === undefined || row.args.kind !== 'split') continue;
      current.add(row.id);
      seen.current.set(row.id, row.args.message_id);
    }
    for (const [rowId, messageId] of seen.current) {
      if (current.has(rowId)) continue;
      seen.current.delete(rowId);
      void (async () => {
        if (await db.outbox.get(rowId)) return;
        const moved = await db.messages.get(messageId);
        if (moved && moved.conversation_id > 0 && moved.conversation_id !== conversationId) {
          void navigate(`/${slug}/conversations/view/${moved.conversation_id}${search}`);
        }
      })();
    }
  }, [pending, db, conversationId, navigate, slug, search]);

  return pending.length > 0;
}
