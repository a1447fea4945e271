import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToasts } from '../components/Toasts';
import { FILTER_PARAM, INBOX_PARAM, conversationViewPath, customInboxViewPath, parseConversationFilter } from '../screens/conversation-filter';
import { useSignedIn } from '../session/signed-in-context';
import { useInboxDb } from '../sync/sync-context';
import { CommandPalette } from './CommandPalette';
import type { CommandContext, Overlay } from './commands/command';
import { KeyboardRegistryContext, KeyboardSelectionContext, conversationRowId } from './keyboard-context';
import type { KeyboardRegistry, OpenConversation } from './keyboard-context';
import { actionConversationIds, actionDoneText, pushAction } from './last-actions';
import type { LastActions, UndoableAction } from './last-actions';
import { moveCursor, selectedRow, toggleMarked } from './list-cursor';
import type { ListCursor } from './list-cursor';
import { ShortcutHelp } from './ShortcutHelp';
import { useAutoAdvance } from './use-auto-advance';
import { useKeyTarget } from './use-key-target';
import { useShortcuts } from './use-shortcuts';
import { useTriageActionsRecordedBy } from './use-triage-actions';
import { useUndoLast } from './use-undo-last';

/** How soon after a send its status change comes (Send and close): one click, two mutations. */
const SEND_THEN_STATUS_MS = 2_000;

/**
 * The keyboard layer of the signed-in app: the shortcuts, the help dialog (?) and the command
 * palette (mod+k), the list's keyboard and bulk selections, and the tab's undo stack (z). A key
 * runs the registered command it is bound to (commands/), which acts through this provider's
 * state and capabilities (`CommandContext`); the provider names no command.
 */
export function KeyboardProvider({ children }: { children: ReactNode }) {
  const { slug, agent } = useSignedIn();
  const db = useInboxDb();
  const navigate = useNavigate();
  const { search } = useLocation();
  const filter = parseConversationFilter(new URLSearchParams(search).get(FILTER_PARAM));
  const { show } = useToasts();
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [cursor, setCursor] = useState<ListCursor | null>(null);
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set<number>());
  const [listIds, setListIds] = useState<readonly number[]>([]);
  const [open, setOpen] = useState<OpenConversation | null>(null);
  const lastActions = useRef<LastActions>([]);
  const openRef = useRef<OpenConversation | null>(null);
  // A send of this tab: the status change of "Send and close" / "Send and set waiting" that follows
  // it does not advance, so the held reply's Undo stays on screen.
  const lastSend = useRef<{ id: number; at: number } | null>(null);
  const undoActionRef = useRef<(action: UndoableAction) => Promise<string>>(() => Promise.resolve(''));

  const pathOf = useCallback(
    (id: number) => {
      // Opened beside the list it was picked from: a custom inbox's stays in the URL.
      const inboxKey = new URLSearchParams(search).get(INBOX_PARAM);
      return inboxKey ? customInboxViewPath(slug, id, inboxKey) : conversationViewPath(slug, id, filter);
    },
    [search, slug, filter],
  );
  const actedOnOpen = useAutoAdvance(open, listIds, pathOf);
  const selected = useMemo(() => selectedRow(listIds, cursor), [listIds, cursor]);
  const targetId = open?.id ?? selected?.id ?? null;
  const target = useLiveQuery(() => (targetId === null ? undefined : db.conversations.get(targetId)), [db, targetId]);
  const current = target?.id === targetId ? target : undefined;
  const keyTargets = useKeyTarget(targetId, current);
  const { registered } = keyTargets;

  const registry = useMemo<KeyboardRegistry>(
    () => ({
      registerList: (ids) => {
        setListIds(ids);
        return () => setListIds((now) => (now === ids ? [] : now));
      },
      placeCursor: setCursor,
      registerConversation: (conversation) => {
        // The open conversation is the selected row (issue 12): opening one, by a row, by its
        // address or from the contact panel, moves the list's cursor onto it.
        if (openRef.current?.id !== conversation.id) setCursor({ id: conversation.id, index: -1 });
        openRef.current = conversation;
        setOpen(conversation);
        const unregister = registered(conversation);
        return () => {
          unregister();
          setOpen((now) => (now === conversation ? null : now));
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
        if (openId !== undefined && !justSent && actionConversationIds(action).includes(openId)) actedOnOpen(openId);
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
    [show, registered, actedOnOpen],
  );
  const triage = useTriageActionsRecordedBy(registry.record);
  const { undoLast, undoAction } = useUndoLast(lastActions, open);
  useEffect(() => {
    undoActionRef.current = undoAction;
  }, [undoAction]);

  // A cursor put on the open conversation learns its place once the list has it, so the row
  // taking its place is known if it leaves.
  useEffect(() => {
    if (!cursor || cursor.index >= 0) return;
    const at = listIds.indexOf(cursor.id);
    if (at >= 0) setCursor({ id: cursor.id, index: at });
  }, [cursor, listIds]);

  useShortcuts((command) => {
    const context: CommandContext = {
      slug,
      agentId: agent.id,
      open,
      selected,
      navigate: (to, options) => void navigate(to, options),
      setOverlay,
      moveSelection: (delta) => {
        const next = moveCursor(listIds, cursor, delta, open?.id);
        if (!next) return;
        setCursor(next);
        document.getElementById(conversationRowId(next.id))?.focus();
      },
      openConversation: (id) => {
        keyTargets.opening(new URL(pathOf(id), window.location.href).pathname);
        void navigate(pathOf(id));
      },
      forOpenConversation: keyTargets.forOpenConversation,
      forStoredConversation: keyTargets.forStoredConversation,
      keyTargetId: keyTargets.keyTargetId,
      toggleMark: registry.toggleMark,
      triage,
      undoLast,
      show,
    };
    if (command.when?.(context) ?? true) command.perform?.(context);
  });

  const selection = useMemo(() => ({ cursor: selected, marked }), [selected, marked]);

  return (
    <KeyboardRegistryContext value={registry}>
      <KeyboardSelectionContext value={selection}>
        {children}
        <ShortcutHelp open={overlay === 'help'} onClose={() => setOverlay(null)} />
        {overlay === 'palette' && (
          <CommandPalette
            target={current}
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
