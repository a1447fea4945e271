import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToasts } from '../components/Toasts';
import { isPlainClick } from '../routes/plain-click';
import { FILTER_PARAM, INBOX_PARAM, conversationOfPage, conversationViewPath, customInboxViewPath, isConversationPage, parseConversationFilter } from '../screens/conversation-filter';
import { focusSearchField, type FocusSearchState } from '../screens/conversations/search/search-param';
import { preferencesOf } from '../../protocol/api/models';
import { useSignedIn } from '../session/signed-in-context';
import { useInboxDb } from '../sync/sync-context';
import { CommandPalette } from './CommandPalette';
import { KeyboardRegistryContext, KeyboardSelectionContext, conversationRowId } from './keyboard-context';
import type { FocusTarget, KeyboardRegistry, OpenConversation } from './keyboard-context';
import type { Conversation } from '../../protocol/documents';
import type { ShortcutAction } from './keymap';
import { actionConversationIds, actionDoneText, pushAction } from './last-actions';
import type { LastActions, UndoableAction } from './last-actions';
import { moveCursor, selectedRow, toggleMarked } from './list-cursor';
import type { ListCursor } from './list-cursor';
import { ShortcutHelp } from './ShortcutHelp';
import { useShortcuts } from './use-shortcuts';
import { useTriageActionsRecordedBy } from './use-triage-actions';
import { useUndoLast } from './use-undo-last';

type Overlay = 'help' | 'palette' | null;
/** A key that acts on the open conversation: a field to focus, or a triage action. */
type OnOpenAction = FocusTarget | 'close' | 'assign';

/** How soon after an action the open conversation's leaving the list counts as its doing (not a teammate's). */
/** How soon after a send its status change comes (Send and close): one click, two mutations. */
const SEND_THEN_STATUS_MS = 2_000;
const AUTO_ADVANCE_WINDOW_MS = 10_000;

/**
 * The keyboard layer of the signed-in app: the shortcuts, the help dialog (?) and the command
 * palette (mod+k), the list's keyboard and bulk selections, and the tab's undo stack (z).
 */
export function KeyboardProvider({ children }: { children: ReactNode }) {
  const { slug, agent } = useSignedIn();
  const db = useInboxDb();
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const filter = parseConversationFilter(new URLSearchParams(search).get(FILTER_PARAM));
  const { show } = useToasts();
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [cursor, setCursor] = useState<ListCursor | null>(null);
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set<number>());
  const [listIds, setListIds] = useState<readonly number[]>([]);
  const [open, setOpen] = useState<OpenConversation | null>(null);
  const lastActions = useRef<LastActions>([]);
  const openRef = useRef<OpenConversation | null>(null);
  /** The conversation registered now, read by the keys without waiting for this provider's next render. */
  const registeredOpen = useRef<OpenConversation | null>(null);
  /**
   * r, n, t, e or a pressed on a conversation's page before the conversation registered (it shows
   * a moment before its effects run): the key acts when it does, if the page is still the same.
   */
  const onOpen = useRef<{ action: OnOpenAction; path: string } | null>(null);
  /** What a key held by `onOpen` does to the conversation once it registers (set below, where the triage actions are). */
  const actOnOpen = useRef<(action: OnOpenAction, conversation: OpenConversation) => void>(() => undefined);
  /** The page of a conversation being opened (Enter, a row's link), until the address is that page's. */
  const opening = useRef<string | null>(null);
  // A link to a conversation the router follows (it prevents the browser's own navigation): a
  // row clicked, or Enter on a focused row.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!event.defaultPrevented || !isPlainClick(event)) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      if (isConversationPage(link.pathname) && link.pathname !== window.location.pathname) opening.current = link.pathname;
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  /**
   * The open conversation an action of this tab was just taken on, and when: it may leave the list,
   * and then the next one opens. State, not a ref: the worker's write may take the row out of the
   * list before the action is recorded here, and the auto-advance must look again once it is.
   */
  const [actedOn, setActedOn] = useState<{ id: number; at: number } | null>(null);
  // A send of this tab: the status change of "Send and close" / "Send and set waiting" that follows
  // it does not advance, so the held reply's Undo stays on screen.
  const lastSend = useRef<{ id: number; at: number } | null>(null);
  const undoActionRef = useRef<(action: UndoableAction) => Promise<string>>(() => Promise.resolve(''));

  const registry = useMemo<KeyboardRegistry>(
    () => ({
      registerList: (ids) => {
        setListIds(ids);
        return () => setListIds((current) => (current === ids ? [] : current));
      },
      placeCursor: setCursor,
      registerConversation: (conversation) => {
        // The open conversation is the selected row (issue 12): opening one, by a row, by its
        // address or from the contact panel, moves the list's cursor onto it.
        if (openRef.current?.id !== conversation.id) setCursor({ id: conversation.id, index: -1 });
        openRef.current = conversation;
        registeredOpen.current = conversation;
        setOpen(conversation);
        // A key held for this conversation's page, still the page shown. (The conversation shown
        // before may register again as the address changes: a key for the next one is not its.)
        const wanted = onOpen.current;
        if (wanted && conversationOfPage(wanted.path) === conversation.id) {
          onOpen.current = null;
          if (wanted.path === window.location.pathname) actOnOpen.current(wanted.action, conversation);
        }
        return () => {
          if (registeredOpen.current === conversation) registeredOpen.current = null;
          setOpen((current) => (current === conversation ? null : current));
        };
      },
      record: (action) => {
        lastActions.current = pushAction(lastActions.current, action);
        // Every action confirms itself with a way back; a held send has its own countdown strip.
        if (action.kind === 'send') {
          lastSend.current = { id: action.conversation_id, at: Date.now() };
          return;
        }
        const openId = openRef.current?.id;
        const justSent = lastSend.current?.id === openId && Date.now() - (lastSend.current?.at ?? 0) < SEND_THEN_STATUS_MS;
        if (openId !== undefined && !justSent && actionConversationIds(action).includes(openId)) setActedOn({ id: openId, at: Date.now() });
        show({
          title: actionDoneText(action),
          key: 'last-action',
          action: { label: 'Undo', onAction: () => void undoActionRef.current(action).then((text) => show({ title: text, key: 'last-action' })) },
        });
      },
      toggleMark: (id) => setMarked((set) => toggleMarked(set, id)),
      markAll: (ids) => setMarked((set) => new Set([...set, ...ids])),
      clearMarks: () => setMarked(new Set<number>()),
    }),
    [show],
  );
  const triage = useTriageActionsRecordedBy(registry.record);
  const { undoLast, undoAction } = useUndoLast(lastActions, open);
  useEffect(() => {
    undoActionRef.current = undoAction;
  }, [undoAction]);

  const selected = useMemo(() => selectedRow(listIds, cursor), [listIds, cursor]);
  // A cursor put on the open conversation learns its place once the list has it, so the row
  // taking its place is known if it leaves.
  useEffect(() => {
    if (!cursor || cursor.index >= 0) return;
    const at = listIds.indexOf(cursor.id);
    if (at >= 0) setCursor({ id: cursor.id, index: at });
  }, [cursor, listIds]);

  const pathOf = useCallback(
    (id: number) => {
      // Opened beside the list it was picked from: a custom inbox's stays in the URL.
      const inboxKey = new URLSearchParams(search).get(INBOX_PARAM);
      return inboxKey ? customInboxViewPath(slug, id, inboxKey) : conversationViewPath(slug, id, filter);
    },
    [search, slug, filter],
  );

  // Auto-advance (issue 12): an action of this tab took the open conversation out of the list:
  // the one now in its place opens (the list again when none is left), unless turned off.
  const autoAdvance = preferencesOf(agent).auto_advance;
  const openPlace = useRef<{ id: number; index: number } | null>(null);
  useEffect(() => {
    if (!open) return;
    const at = listIds.indexOf(open.id);
    if (at >= 0) {
      openPlace.current = { id: open.id, index: at };
      return;
    }
    const place = openPlace.current;
    if (!autoAdvance || actedOn?.id !== open.id || Date.now() - actedOn.at > AUTO_ADVANCE_WINDOW_MS || place?.id !== open.id) return;
    setActedOn(null);
    const next = listIds[Math.min(place.index, listIds.length - 1)];
    void navigate(next === undefined ? open.backPath : pathOf(next));
  }, [open, listIds, autoAdvance, navigate, pathOf, actedOn]);
  const targetId = open?.id ?? selected?.id ?? null;
  const target = useLiveQuery(() => (targetId === null ? undefined : db.conversations.get(targetId)), [db, targetId]);

  const moveTo = useCallback(
    (delta: 1 | -1) => {
      const next = moveCursor(listIds, cursor, delta, open?.id);
      if (!next) return;
      setCursor(next);
      document.getElementById(conversationRowId(next.id))?.focus();
    },
    [listIds, cursor, open?.id],
  );

  // Once the address changed, Enter's opening is over, and a key held for another page is dropped.
  useEffect(() => {
    opening.current = null;
    if (onOpen.current && onOpen.current.path !== pathname) onOpen.current = null;
  }, [pathname]);

  const closeOrAssign = useCallback(
    (action: 'close' | 'assign', conversation: Conversation) => {
      if (action === 'close') void triage.setStatus(conversation, 'CLOSED');
      else void triage.assign(conversation, conversation.agent_id === agent.id ? null : agent.id);
    },
    [triage, agent.id],
  );
  useEffect(() => {
    actOnOpen.current = (action, conversation) => {
      if (action === 'close' || action === 'assign') {
        void db.conversations.get(conversation.id).then((stored) => stored && closeOrAssign(action, stored));
      } else conversation.focus(action);
    };
  }, [db, closeOrAssign]);
  /**
   * Whom a key for one conversation is for, at the moment it is pressed: on a conversation's page
   * (or opening one by Enter or a row, before the address changes) that conversation once it
   * registered — read from the registration, not from this provider's last render, which may
   * still show the conversation open before — or, while it has not registered yet, its page, for
   * the key to wait for it. Elsewhere the list's selected row.
   */
  const keyTarget = (): { id: number | null } | { waitFor: string } => {
    const page = opening.current ?? (isConversationPage(window.location.pathname) ? window.location.pathname : null);
    if (page === null) return { id: targetId };
    const registered = registeredOpen.current;
    return registered && registered.id === conversationOfPage(page) ? { id: registered.id } : { waitFor: page };
  };

  useShortcuts((action: ShortcutAction) => {
    const current = target?.id === targetId ? target : undefined;
    switch (action) {
      case 'palette':
        setOverlay((now) => (now === 'palette' ? null : 'palette'));
        return;
      case 'help':
        setOverlay('help');
        return;
      case 'search':
        // The conversations screen's search field, opening that screen first when needed.
        if (!focusSearchField()) void navigate(`/${slug}/conversations`, { state: { focusSearch: true } satisfies FocusSearchState });
        return;
      case 'next':
      case 'previous':
        moveTo(action === 'next' ? 1 : -1);
        return;
      case 'open':
        if (selected && selected.id !== open?.id) {
          opening.current = new URL(pathOf(selected.id), window.location.href).pathname;
          void navigate(pathOf(selected.id));
        }
        return;
      case 'back':
        if (open) void navigate(open.backPath);
        return;
      case 'blur':
        if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
        return;
      case 'reply':
      case 'note':
      case 'tag':
        {
          // The conversation being opened, else the open one.
          const to = keyTarget();
          if ('waitFor' in to) onOpen.current = { action, path: to.waitFor };
          else if (to.id !== null && to.id === registeredOpen.current?.id) registeredOpen.current.focus(action);
        }
        return;
      case 'assign':
      case 'close':
        {
          const to = keyTarget();
          if ('waitFor' in to) {
            onOpen.current = { action, path: to.waitFor };
            return;
          }
          // j then e, typed fast, comes before the live read of the new selection: read it now.
          const id = to.id;
          void (current?.id === id ? Promise.resolve(current) : id === null ? Promise.resolve(undefined) : db.conversations.get(id)).then((conversation) => {
            if (conversation) closeOrAssign(action, conversation);
          });
        }
        return;
      case 'mark':
        {
          const to = keyTarget();
          const id = 'waitFor' in to ? null : to.id;
          if (id !== null) setMarked((set) => toggleMarked(set, id));
        }
        return;
      case 'undo':
        void undoLast().then((text) => show({ title: text, key: 'last-action' }));
        return;
    }
  });

  const selection = useMemo(() => ({ cursor: selected, marked }), [selected, marked]);

  return (
    <KeyboardRegistryContext value={registry}>
      <KeyboardSelectionContext value={selection}>
        {children}
        <ShortcutHelp open={overlay === 'help'} onClose={() => setOverlay(null)} />
        {overlay === 'palette' && (
          <CommandPalette
            target={target?.id === targetId ? target : undefined}
            filter={filter}
            onInsertSnippet={open ? () => open.focus('snippet') : undefined}
            onInsertArticle={open ? () => open.focus('article') : undefined}
            onClose={() => setOverlay(null)}
          />
        )}
      </KeyboardSelectionContext>
    </KeyboardRegistryContext>
  );
}
