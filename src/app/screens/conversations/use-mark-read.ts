import { useEffect, useRef } from 'react';
import type { Conversation } from '../../../protocol/documents';
import { useSyncActions } from '../../sync/use-sync-actions';

/**
 * Marks the open conversation read: on opening it, and when a new contact message arrives while
 * it is open. Once per activity (last_update_ts), so a refused read does not loop.
 */
export function useMarkRead(conversation: Conversation | undefined): void {
  const { mutate, ready } = useSyncActions();
  const markedAt = useRef<number | null>(null);
  const id = conversation?.id;
  const unread = conversation?.is_unread === true;
  const activity = conversation?.last_update_ts;
  useEffect(() => {
    if (id === undefined || !unread || !ready || activity === undefined || markedAt.current === activity) return;
    markedAt.current = activity;
    mutate({ kind: 'read', conversation_id: id });
  }, [id, unread, activity, ready, mutate]);
}
