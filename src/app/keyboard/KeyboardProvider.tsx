import { useCallback, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToasts } from '../components/Toasts';
import { FILTER_PARAM, INBOX_PARAM, conversationViewPath, customInboxViewPath, parseConversationFilter } from '../screens/conversation-filter';
import { focusSearchField, type FocusSearchState } from '../screens/conversations/search/search-param';
import { useSignedIn } from '../session/signed-in-context';
import { useInboxDb } from '../sync/sync-context';
import { CommandPalette } from './CommandPalette';
import { KeyboardRegistryContext, KeyboardSelectionContext, conversationRowId } from './keyboard-context';
import type { KeyboardRegistry, OpenConversation } from './keyboard-context';
import type { ShortcutAction } from './keymap';
import { pushAction } from './last-actions';
import type { LastActions } from './last-actions';
import { moveCursor, selectedRow, toggleMarked } from './list-cursor';
import type { ListCursor } from './list-cursor';
import { ShortcutHelp } from './ShortcutHelp';
import { useShortcuts } from './use-shortcuts';
import { useTriageActionsRecordedBy } from './use-triage-actions';
import { useUndoLast } from './use-undo-last';

type Overlay = 'help' | 'palette' | null;

/**
 * The keyboard layer of the signed-in app: the shortcuts, the help dialog (?) and the command
 * palette (mod+k), the list's keyboard and bulk selections, and the tab's undo stack (z).
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

  const registry = useMemo<KeyboardRegistry>(
    () => ({
      registerList: (ids) => {
        setListIds(ids);
        return () => setListIds((current) => (current === ids ? [] : current));
      },
      placeCursor: setCursor,
      registerConversation: (conversation) => {
        setOpen(conversation);
        return () => setOpen((current) => (current === conversation ? null : current));
      },
      record: (action) => {
        lastActions.current = pushAction(lastActions.current, action);
      },
      toggleMark: (id) => setMarked((set) => toggleMarked(set, id)),
      markAll: (ids) => setMarked((set) => new Set([...set, ...ids])),
      clearMarks: () => setMarked(new Set<number>()),
    }),
    [],
  );
  const triage = useTriageActionsRecordedBy(registry.record);
  const undoLast = useUndoLast(lastActions, open);

  const selected = useMemo(() => selectedRow(listIds, cursor), [listIds, cursor]);
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
          // Opened beside the list it was picked from: a custom inbox's stays in the URL.
          const inboxKey = new URLSearchParams(search).get(INBOX_PARAM);
          void navigate(inboxKey ? customInboxViewPath(slug, selected.id, inboxKey) : conversationViewPath(slug, selected.id, filter));
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
        open?.focus(action);
        return;
      case 'assign':
      case 'close':
        // j then e, typed fast, comes before the live read of the new selection: read it now.
        void (current ? Promise.resolve(current) : targetId === null ? Promise.resolve(undefined) : db.conversations.get(targetId)).then((conversation) => {
          if (!conversation) return;
          if (action === 'close') void triage.setStatus(conversation, 'CLOSED');
          else void triage.assign(conversation, conversation.agent_id === agent.id ? null : agent.id);
        });
        return;
      case 'mark':
        if (targetId !== null) setMarked((set) => toggleMarked(set, targetId));
        return;
      case 'undo':
        void undoLast().then((text) => show({ title: text, key: 'undo' }));
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
          <CommandPalette target={target?.id === targetId ? target : undefined} filter={filter} onClose={() => setOverlay(null)} />
        )}
      </KeyboardSelectionContext>
    </KeyboardRegistryContext>
  );
}
