import { useMemo } from 'react';
import { useSignedIn } from '../../../session/signed-in-context';
import { parseInboxMemory, recallInbox, rememberInbox, type InboxMemory, type InboxSnapshot } from './inbox-memory';

export type InboxMemoryStore = {
  recall: (key: string) => InboxSnapshot | null;
  remember: (key: string, snapshot: InboxSnapshot) => void;
};

function read(storage: Storage, name: string): InboxMemory {
  try {
    return parseInboxMemory(JSON.parse(storage.getItem(name) ?? '[]'));
  } catch {
    return [];
  }
}

/**
 * The remembered inboxes of this organization (§9, see inbox-memory.ts), kept in the tab's
 * session storage: they survive leaving the conversations for the settings, and a reload, but
 * not the tab.
 */
export function useInboxMemory(): InboxMemoryStore {
  const { slug } = useSignedIn();
  return useMemo(() => {
    const name = `inbox-memory:${slug}`;
    return {
      recall: (key) => recallInbox(read(sessionStorage, name), key),
      remember: (key, snapshot) => {
        try {
          sessionStorage.setItem(name, JSON.stringify(rememberInbox(read(sessionStorage, name), key, snapshot)));
        } catch {
          // Storage full or refused: the list just starts at the top next time.
        }
      },
    };
  }, [slug]);
}
