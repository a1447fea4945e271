import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { CONVERSATION_PAGE_SIZE, NEW_ITEM_HIGHLIGHT_MS, REMOVAL_ANIMATION_MS } from '../../../../protocol/constants';
import { Spinner } from '../../../components/Spinner';
import { useNow } from '../../../hooks/use-now';
import { conversationRowId, useKeyboardRegistry, useKeyboardSelection } from '../../../keyboard/keyboard-context';
import { preferencesOf } from '../../../../protocol/api/models';
import { useSignedIn } from '../../../session/signed-in-context';
import { useConnectionMeta } from '../../../sync/use-connection';
import { BulkToolbar } from './BulkToolbar';
import { ConversationRow } from './ConversationRow';
import type { ListSource } from './inbox-filter';
import type { InboxSnapshot } from './inbox-memory';
import { useDepartingRows } from './use-departing-rows';
import { useInboxMemory } from './use-inbox-memory';
import { useListViewport } from './use-list-viewport';
import { usePagedConversations } from './use-paged-conversations';
import { useTagNames } from '../use-tag-names';
import { revealScrollTop, virtualWindow, wantsNextPage } from './virtual-window';

// §9: the highlight and removal animations run for the spec's durations.
const timingStyle = {
  '--highlight-duration': `${NEW_ITEM_HIGHLIGHT_MS}ms`,
  '--removal-duration': `${REMOVAL_ANIMATION_MS}ms`,
} as CSSProperties;
/** Rows rendered beyond each edge of the view, so a fast scroll does not show blanks. */
const OVERSCAN = 8;
/** The next page is read when the view, or the keyboard selection, comes this close (in rows) to the end of the loaded ones. */
const LOAD_AHEAD = 15;

type ListProps = {
  source: ListSource;
  /** Where a row leads. */
  rowPath: (id: number) => string;
  /** What to show when the list matches nothing. */
  empty: ReactNode;
  /** The conversation open beside the list. */
  currentId?: number | null;
};

/**
 * The live list of a filter or custom inbox: virtual (only the rows in view are in the DOM, so
 * 10,000 conversations scroll like 25), read CONVERSATION_PAGE_SIZE (§9) at a time as the view
 * nears the end, and remembered (§9) when the agent leaves it. Remount it per list.
 */
export function ConversationList({ source, rowPath, empty, currentId = null }: ListProps) {
  const { agent } = useSignedIn();
  // Compact: one line per row (about 14 at 900 px); in a list of one status, no status pill.
  const density = preferencesOf(agent).list_density;
  const memory = useInboxMemory();
  const [recalled] = useState(() => memory.recall(source.key));
  const data = usePagedConversations(source, agent.id, recalled?.loaded ?? CONVERSATION_PAGE_SIZE);
  const shown = useDepartingRows(data?.rows);
  const tagNames = useTagNames();
  const meta = useConnectionMeta();
  const now = useNow(30_000);
  const { registerList, placeCursor, toggleMark } = useKeyboardRegistry();
  const { cursor, marked } = useKeyboardSelection();
  const scroller = useRef<HTMLDivElement>(null);
  const viewport = useListViewport(scroller);
  const { rowHeight } = viewport;

  const count = shown?.rows.length ?? 0;
  const span = virtualWindow({ scrollTop: viewport.scrollTop, viewportHeight: viewport.height, rowHeight, count }, OVERSCAN);
  // Worked out once per change of the list, not per frame of a scroll: where each row is, and
  // its place in the set, counting members only (a departing row is not one any more).
  const places = useMemo(() => {
    const index = new Map<number, number>();
    const positions: number[] = [];
    let position = 0;
    shown?.rows.forEach((row, at) => {
      index.set(row.id, at);
      positions.push(shown.departing.has(row.id) ? 0 : ++position);
    });
    return { index, positions };
  }, [shown]);

  // The keyboard moves over the members, in order; keyed by that order, so a live update that
  // moves nothing registers nothing.
  const rows = data?.rows;
  const idOrder = useMemo(() => rows?.map((row) => row.id).join(','), [rows]);
  useEffect(() => {
    if (idOrder === undefined) return;
    return registerList(idOrder ? idOrder.split(',').map(Number) : []);
  }, [idOrder, registerList]);

  // Back where the agent left this list (§9), or a fresh start without a selection.
  useEffect(() => {
    placeCursor(recalled?.cursor ?? null);
  }, [placeCursor, recalled]);
  const restore = useRef(recalled ? recalled.topRow : null);
  useLayoutEffect(() => {
    if (restore.current === null || !data || viewport.height === 0) return;
    const wantedRows = Math.ceil(restore.current) + 1;
    if (data.rows.length < wantedRows && data.hasMore) return;
    viewport.scrollTo(restore.current * rowHeight);
    restore.current = null;
  }, [data, viewport, rowHeight]);

  // What the agent left behind, saved when the list goes (another inbox, another screen, a reload).
  const snapshot = useRef<InboxSnapshot | null>(null);
  useEffect(() => {
    if (data) snapshot.current = { loaded: data.rows.length, topRow: rowHeight > 0 ? viewport.scrollTop / rowHeight : 0, cursor };
  });
  useEffect(() => {
    const save = () => {
      if (snapshot.current) memory.remember(source.key, snapshot.current);
    };
    addEventListener('pagehide', save);
    return () => {
      removeEventListener('pagehide', save);
      save();
    };
  }, [memory, source.key]);

  // The keyboard selection stays in view, even when it moves past the rendered rows; then the
  // row is focused once rendered, unless the agent is busy elsewhere (a field, the thread).
  const focusPending = useRef<number | null>(null);
  const revealCursor = useEffectEvent((id: number) => {
    const index = places.index.get(id) ?? -1;
    const top = revealScrollTop(index, { scrollTop: viewport.scrollTop, viewportHeight: viewport.height, rowHeight });
    if (top !== null) viewport.scrollTo(top);
    if (!document.getElementById(conversationRowId(id))) focusPending.current = id;
  });
  // By id: the selection object changes with every live update, which must not scroll the list.
  const cursorId = cursor?.id ?? null;
  useLayoutEffect(() => {
    if (cursorId !== null) revealCursor(cursorId);
  }, [cursorId]);
  useLayoutEffect(() => {
    const id = focusPending.current;
    const element = id === null ? null : document.getElementById(conversationRowId(id));
    if (!element) return;
    focusPending.current = null;
    const active = document.activeElement;
    if (!active || active === document.body || scroller.current?.contains(active)) element.focus({ preventScroll: true });
  });

  // The first view of a conversation opened by its address shows its row.
  const revealedCurrent = useRef(false);
  useLayoutEffect(() => {
    if (revealedCurrent.current || !shown || viewport.height === 0 || recalled) return;
    revealedCurrent.current = true;
    const index = currentId === null ? -1 : (places.index.get(currentId) ?? -1);
    const top = revealScrollTop(index, { scrollTop: viewport.scrollTop, viewportHeight: viewport.height, rowHeight });
    if (top !== null) viewport.scrollTo(top);
  }, [shown, places, currentId, viewport, rowHeight, recalled]);

  const { loadMore } = data ?? {};
  const cursorIndex = cursor ? (places.index.get(cursor.id) ?? -1) : -1;
  const nearEnd =
    data !== undefined && !data.loading && (wantsNextPage(span, count, data.hasMore, viewport.height, LOAD_AHEAD) || (data.hasMore && cursorIndex >= count - 1 - LOAD_AHEAD));
  useEffect(() => {
    if (nearEnd) loadMore?.();
  }, [nearEnd, loadMore]);

  const rendered: number[] = [];
  for (let index = span.start; index < span.end; index++) rendered.push(index);
  // The selected row stays in the DOM while scrolled away, so focus is not lost with it.
  if (cursorIndex >= 0 && (cursorIndex < span.start || cursorIndex >= span.end)) rendered.push(cursorIndex);

  const setSize = data?.hasMore ? -1 : (data?.rows.length ?? 0);
  const footer = data && data.rows.length > 0 ? (data.hasMore ? 'loading' : 'end') : null;
  const catchingUp = meta?.state === 'open' && !meta.ready;

  return (
    <>
      {marked.size > 0 && data && <BulkToolbar marked={marked} shownIds={data.rows.map((row) => row.id)} />}
      <div
        ref={scroller}
        className="conv-list__scroller"
        onScroll={viewport.onScroll}
        data-testid="conversation-scroller"
        data-density={density}
        data-single-status={source.statuses?.length === 1 || undefined}
      >
        {data && shown && count === 0 &&
          (catchingUp ? (
            <div className="conv-list__state">
              <Spinner large label="Loading conversations" />
            </div>
          ) : (
            empty
          ))}
        {data && shown && count > 0 && (
          <ul
            className="conv-list"
            role="list"
            aria-label="Conversations"
            aria-busy={data.loading}
            style={{ ...timingStyle, height: (count + (footer ? 1 : 0)) * rowHeight }}
          >
            {rendered.map((index) => {
              const row = shown.rows[index];
              if (!row) return null;
              return (
                <ConversationRow
                  key={row.id}
                  conversation={row}
                  contact={data.contacts.get(row.contact_id)}
                  tagNames={tagNames}
                  to={rowPath(row.id)}
                  now={now}
                  top={index * rowHeight}
                  position={places.positions[index] ?? 0}
                  setSize={setSize}
                  current={row.id === currentId}
                  fresh={data.fresh.has(row.id)}
                  departing={shown.departing.has(row.id)}
                  selected={cursor?.id === row.id}
                  marked={marked.has(row.id)}
                  selecting={marked.size > 0}
                  onToggleMark={toggleMark}
                />
              );
            })}
          </ul>
        )}
        {footer && (
          <p className="conv-list__end" style={{ top: count * rowHeight, height: rowHeight }} aria-live="polite">
            {footer === 'loading' ? (
              <Spinner label="Loading more conversations" />
            ) : (
              `${data?.rows.length} conversation${data?.rows.length === 1 ? '' : 's'}`
            )}
          </p>
        )}
      </div>
    </>
  );
}
