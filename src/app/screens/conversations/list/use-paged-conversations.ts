import { liveQuery, type Subscription } from 'dexie';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NEW_ITEM_HIGHLIGHT_MS } from '../../../../protocol/constants';
import type { Contact, Conversation } from '../../../../protocol/documents';
import { inboxOrder, matchesInboxQuery } from '../../../../protocol/inbox-query/match-inbox-query';
import { connectionStatus } from '../../../sync/connection-status';
import { useBrowserOnline, useConnectionMeta } from '../../../sync/use-connection';
import { useInboxDb } from '../../../sync/sync-context';
import { needsContacts, type ListSource } from './inbox-filter';
import { useBusinessHours } from '../../hours/use-business-hours';
import { combinePages, firstPage, pageKey, withNextPage, type PageSpec } from './list-pages';
import { readListPage, type ListPage, type ListPlan } from './read-list-page';
import { samePage } from './same-page';

export type PagedConversations = {
  rows: Conversation[];
  contacts: ReadonlyMap<number, Contact>;
  /** More conversations match past the loaded ones. */
  hasMore: boolean;
  /** A page is being read (the next one, after loadMore). */
  loading: boolean;
  /** Conversations that just arrived in a loaded page (§9: highlighted for NEW_ITEM_HIGHLIGHT_MS). */
  fresh: ReadonlySet<number>;
  /** Reads the next CONVERSATION_PAGE_SIZE conversations, if more match. */
  loadMore: () => void;
};

const NONE: ReadonlySet<number> = new Set();

/**
 * A list (a filter or a custom inbox) read a page at a time, each page its own live query
 * (see list-pages.ts), starting with `initialLimit` rows. Remount it when the list changes.
 */
export function usePagedConversations(source: ListSource, myId: number, initialLimit: number): PagedConversations | undefined {
  const db = useInboxDb();
  // `created:` days are the organization's, as on the server: its business hours' zone, else UTC.
  const timeZone = useBusinessHours()?.hours?.timezone;
  const plan = useMemo<ListPlan>(
    () => ({
      order: inboxOrder(source.query),
      accept: (conversation, contact) => matchesInboxQuery(source.query, conversation, { me: myId, contact, timeZone }),
      needsContacts: needsContacts(source.query),
    }),
    [source, myId, timeZone],
  );
  const [pages, setPages] = useState<PageSpec[]>(() => firstPage(initialLimit));
  const [results, setResults] = useState<ReadonlyMap<string, ListPage>>(new Map());
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(NONE);
  // The contacts of every page read, in one map that only grows (a page read again brings the
  // newer copy): a 10,000-row list does not copy 10,000 contacts for each page that arrives.
  const [contacts] = useState(() => new Map<number, Contact>());
  const subscriptions = useRef(new Map<string, Subscription>());
  const delivered = useRef(new Set<string>());
  const known = useRef(new Set<number>());
  const freshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Rows that appear while the worker fills or catches up the local data (the shell says
  // "Syncing…", or the worker has not written its record yet) are the sync, not arrivals: a
  // first sign-in's rows are not all highlighted.
  const meta = useConnectionMeta();
  const browserOnline = useBrowserOnline();
  const syncing = useRef(true);
  const caughtUp = meta !== undefined && connectionStatus(meta, browserOnline, 0).kind !== 'syncing';
  useEffect(() => {
    syncing.current = !caughtUp;
  }, [caughtUp]);

  // A page's first reading is what loading shows; a row new to every page after that arrived.
  // A page read again unchanged (most reads while a bootstrap commits) renders nothing. A page
  // is rendered as a transition: React renders its rows in slices between frames, so the first
  // screen's rows, arriving while the bootstrap keeps the machine busy, do not hold a frame.
  const onPage = useCallback((key: string, page: ListPage) => {
    const first = !delivered.current.has(key);
    delivered.current.add(key);
    const arrived = first || syncing.current ? [] : page.rows.filter((row) => !known.current.has(row.id)).map((row) => row.id);
    for (const row of page.rows) known.current.add(row.id);
    for (const [id, contact] of page.contacts) contacts.set(id, contact);
    startTransition(() => {
      setResults((current) => {
        const shown = current.get(key);
        return shown && samePage(shown, page) ? current : new Map(current).set(key, page);
      });
      if (arrived.length > 0) setFresh(new Set(arrived));
    });
    if (arrived.length === 0) return;
    clearTimeout(freshTimer.current);
    freshTimer.current = setTimeout(() => setFresh(NONE), NEW_ITEM_HIGHLIGHT_MS);
  }, [contacts]);

  useEffect(() => {
    const all = subscriptions.current;
    const seen = delivered.current;
    return () => {
      for (const subscription of all.values()) subscription.unsubscribe();
      all.clear();
      seen.clear();
      clearTimeout(freshTimer.current);
    };
  }, [db, plan]);

  useEffect(() => {
    const wanted = new Map(pages.map((spec) => [pageKey(spec), spec]));
    for (const [key, subscription] of subscriptions.current) {
      if (wanted.has(key)) continue;
      subscription.unsubscribe();
      subscriptions.current.delete(key);
      delivered.current.delete(key);
    }
    for (const [key, spec] of wanted) {
      if (subscriptions.current.has(key)) continue;
      const subscription = liveQuery(everyRead(() => readListPage(db, plan, spec), (page) => onPage(key, page))).subscribe({
        error: (error: unknown) => setFailure({ error }),
      });
      subscriptions.current.set(key, subscription);
    }
    setResults((current) => {
      const kept = new Map([...current].filter(([key]) => wanted.has(key)));
      return kept.size === current.size ? current : kept;
    });
  }, [db, plan, pages, onPage]);

  const loadMore = useCallback(() => {
    const last = pages.at(-1);
    const page = last && last.through === null ? results.get(pageKey(last)) : undefined;
    if (!page?.hasMore) return;
    const next = withNextPage(pages, page.rows.at(-1));
    const closed = next.at(-2);
    // The closed page holds what the last page showed: no gap while it is read again.
    if (closed) setResults((current) => new Map(current).set(pageKey(closed), { ...page, hasMore: false }));
    setPages(next);
  }, [pages, results]);

  const combined = useMemo(() => {
    const read = pages.map((spec) => results.get(pageKey(spec)));
    if (read[0] === undefined) return undefined;
    const { rows, hasMore, complete } = combinePages(read);
    return { rows, hasMore, loading: !complete, contacts };
  }, [pages, results, contacts]);

  if (failure) throw failure.error;
  return combined && { ...combined, fresh, loadMore };
}

/**
 * A live query's reader that hands over every read it completes, newest last. Dexie's liveQuery
 * drops a result when a change to what it read arrived meanwhile, and reads again: while a
 * bootstrap commits batch after batch into the conversations, every read of a page overlaps the
 * next batch, so none would be shown until the stream ends ("Live"). Each completed read is a
 * consistent snapshot, so it is shown at once; a read that finishes after a newer one is not.
 */
export function everyRead<T>(read: () => Promise<T>, deliver: (value: T) => void): () => Promise<T> {
  let started = 0;
  let delivered = 0;
  return async () => {
    const turn = ++started;
    const value = await read();
    if (turn > delivered) {
      delivered = turn;
      deliver(value);
    }
    return value;
  };
}
