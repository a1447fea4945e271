import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useInboxDb } from '../../../sync/sync-context';

/** Live: the contact has the chat widget open now. Left: it was live while this view was open. */
export type ContactPresence = 'live' | 'left' | 'unknown';

/**
 * Whether a contact is on the website chat right now, from the presence table the worker fills
 * (§4: a contact's live flag goes 2 s after it leaves, so a page reload does not flicker).
 */
export function useContactPresence(contactId: number): ContactPresence {
  const db = useInboxDb();
  const live = useLiveQuery(async () => (await db.presence.get(`contact:${contactId}`))?.live === true, [db, contactId]);
  const [seenLive, setSeenLive] = useState<number | null>(null);
  useEffect(() => {
    if (live) setSeenLive(contactId);
  }, [live, contactId]);
  if (live) return 'live';
  return seenLive === contactId ? 'left' : 'unknown';
}
