import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { Conversation } from '../../protocol/documents';
import { isPlainClick } from '../routes/plain-click';
import { conversationOfPage, isConversationPage } from '../screens/conversation-filter';
import { useInboxDb } from '../sync/sync-context';
import type { CommandContext } from './commands/command';
import type { OpenConversation } from './keyboard-context';

export type KeyTargets = Pick<CommandContext, 'forOpenConversation' | 'forStoredConversation' | 'keyTargetId'> & {
  /** The conversation view registered: it is what the keys act on now, and a key held for it acts. Returns its unregistering. */
  registered: (conversation: OpenConversation) => () => void;
  /** A conversation's page is being opened (Enter): its keys wait for it until the address is its. */
  opening: (pathname: string) => void;
};

/**
 * Whom a key for one conversation is for, at the moment it is pressed: on a conversation's page
 * (or opening one by Enter or a row, before the address changes) that conversation once it
 * registered — read from the registration, not from the provider's last render, which may
 * still show the conversation open before — or, while it has not registered yet, its page, for
 * the key to wait for it (it shows a moment before its effects run): the key acts when it
 * registers, if the page is still the same. Elsewhere the list's selected row.
 *
 * `targetId` is that row (or the open conversation) as last rendered; `current` its stored copy, if read.
 */
export function useKeyTarget(targetId: number | null, current: Conversation | undefined): KeyTargets {
  const db = useInboxDb();
  const { pathname } = useLocation();
  /** The conversation registered now, read by the keys without waiting for the provider's next render. */
  const registeredOpen = useRef<OpenConversation | null>(null);
  /** A key pressed on a conversation's page before the conversation registered, and what it does to it. */
  const onOpen = useRef<{ act: (open: OpenConversation) => void; path: string } | null>(null);
  /** The page of a conversation being opened (Enter, a row's link), until the address is that page's. */
  const openingPath = useRef<string | null>(null);
  // A link to a conversation the router follows (it prevents the browser's own navigation): a
  // row clicked, or Enter on a focused row.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!event.defaultPrevented || !isPlainClick(event)) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      if (isConversationPage(link.pathname) && link.pathname !== window.location.pathname) openingPath.current = link.pathname;
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  // Once the address changed, Enter's opening is over, and a key held for another page is dropped.
  useEffect(() => {
    openingPath.current = null;
    if (onOpen.current && onOpen.current.path !== pathname) onOpen.current = null;
  }, [pathname]);

  const registered = useCallback((conversation: OpenConversation) => {
    registeredOpen.current = conversation;
    // A key held for this conversation's page, still the page shown. (The conversation shown
    // before may register again as the address changes: a key for the next one is not its.)
    const wanted = onOpen.current;
    if (wanted && conversationOfPage(wanted.path) === conversation.id) {
      onOpen.current = null;
      if (wanted.path === window.location.pathname) wanted.act(conversation);
    }
    return () => {
      if (registeredOpen.current === conversation) registeredOpen.current = null;
    };
  }, []);
  const opening = useCallback((path: string) => {
    openingPath.current = path;
  }, []);

  const keyTarget = (): { id: number | null } | { waitFor: string } => {
    const page = openingPath.current ?? (isConversationPage(window.location.pathname) ? window.location.pathname : null);
    if (page === null) return { id: targetId };
    const open = registeredOpen.current;
    return open && open.id === conversationOfPage(page) ? { id: open.id } : { waitFor: page };
  };

  return {
    registered,
    opening,
    forOpenConversation: (act) => {
      const to = keyTarget();
      if ('waitFor' in to) onOpen.current = { act, path: to.waitFor };
      else if (to.id !== null && to.id === registeredOpen.current?.id) act(registeredOpen.current);
    },
    forStoredConversation: (act) => {
      const to = keyTarget();
      if ('waitFor' in to) {
        onOpen.current = { act: (open) => void db.conversations.get(open.id).then((stored) => stored && act(stored)), path: to.waitFor };
        return;
      }
      // j then e, typed fast, comes before the live read of the new selection: read it now.
      const id = to.id;
      void (current?.id === id ? Promise.resolve(current) : id === null ? Promise.resolve(undefined) : db.conversations.get(id)).then((conversation) => {
        if (conversation) act(conversation);
      });
    },
    keyTargetId: () => {
      const to = keyTarget();
      return 'waitFor' in to ? null : to.id;
    },
  };
}
