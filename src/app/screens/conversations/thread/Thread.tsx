import { Fragment, useCallback, useRef } from 'react';
import type { CSSProperties, RefObject } from 'react';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import type { Contact } from '../../../../protocol/documents';
import { NEW_ITEM_HIGHLIGHT_MS, REMOVAL_ANIMATION_MS } from '../../../../protocol/constants';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { dayKey, dayLabel } from '../../../format/relative-time';
import { useFreshKeys } from '../../../hooks/use-fresh-keys';
import { useNow } from '../../../hooks/use-now';
import { useAgentDirectory } from '../../../session/agent-directory';
import { useSignedIn } from '../../../session/signed-in-context';
import { ThreadEntry } from './ThreadEntry';
import type { EntryHandlers } from './ThreadEntry';
import { useDepartingEntries } from './use-departing-entries';
import { useOlderMessages } from './use-older-messages';
import { useThread } from './use-thread';
import { useThreadScroll } from './use-thread-scroll';

// §9: the highlight and removal animations run for the spec's durations.
const timingStyle = {
  '--highlight-duration': `${NEW_ITEM_HIGHLIGHT_MS}ms`,
  '--removal-duration': `${REMOVAL_ANIMATION_MS}ms`,
} as CSSProperties;

const entryKeys = (entry: LocalMessage) => (entry.target_id ? [entry.id, entry.target_id] : [entry.id]);
const entryTime = (entry: LocalMessage) => entry.timestamp_ts;

type ThreadProps = EntryHandlers & {
  conversationId: number;
  /** The conversation's contact as the screen holds it: its first read need not read it again. */
  contact?: Contact | undefined;
  /** Set by the composer: scroll to the next entry that arrives, wherever the reader is. */
  follow: RefObject<boolean>;
};

/** The messages and notes of a conversation, oldest first; older pages load on scrolling up. */
export function Thread({ conversationId, contact, follow, ...handlers }: ThreadProps) {
  const thread = useThread(conversationId, contact);
  const { agent } = useSignedIn();
  const entries = useDepartingEntries(thread?.entries)?.filter((entry) => !isTeammatesCancelledReply(entry, agent.id));
  const agents = useAgentDirectory();
  const now = useNow(30_000);
  const fresh = useFreshKeys(entries, entryKeys, entryTime);
  // A conversation not saved yet (a temporary id) has nothing on the server to page through.
  const older = useOlderMessages(conversationId, thread?.hasMore, thread !== undefined && conversationId > 0);
  const ref = useRef<HTMLDivElement>(null);

  const { load } = older;
  const hasMore = thread?.hasMore === true;
  const onNearTop = useCallback(() => {
    if (hasMore) load();
  }, [hasMore, load]);
  const onScroll = useThreadScroll(ref, entries?.map((entry) => entry.id), follow, onNearTop);

  const rows =
    thread &&
    entries?.map((entry, index) => {
      const previous = entries[index - 1];
      const newDay = !previous || dayKey(previous.timestamp_ts) !== dayKey(entry.timestamp_ts);
      return (
        <Fragment key={entry.id}>
          {newDay && (
            <div className="thread__day" role="separator">
              <span>{dayLabel(entry.timestamp_ts, now)}</span>
            </div>
          )}
          <ThreadEntry
            entry={entry}
            agents={agents}
            contacts={thread.contacts}
            me={agent}
            failure={thread.failures.get(entry.id)}
            fresh={fresh.has(entry.id)}
            now={now}
            hasEarlier={index > 0 || thread.hasMore === true}
            {...handlers}
          />
        </Fragment>
      );
    });

  return (
    // A log announces what is added: not the countdowns ticking (aria-relevant), nor the first
    // page or older pages arriving (aria-busy).
    <div
      ref={ref}
      className="thread"
      style={timingStyle}
      role="log"
      aria-label="Messages"
      aria-relevant="additions"
      aria-busy={thread === undefined || older.loading}
      tabIndex={0}
      onScroll={onScroll}
    >
      <div className="thread__inner">
        <div className="thread__start">
          {older.loading ? (
            <Spinner label="Loading earlier messages" />
          ) : older.failed ? (
            <p className="thread__note">
              Earlier messages could not be loaded.{' '}
              <Button variant="ghost" size="small" onClick={older.load}>
                Try again
              </Button>
            </p>
          ) : hasMore ? (
            <Button variant="ghost" size="small" onClick={older.load}>
              Load earlier messages
            </Button>
          ) : thread?.hasMore === false && entries?.length ? (
            <p className="thread__note">Start of the conversation</p>
          ) : null}
        </div>
        {entries?.length === 0 && thread?.hasMore === false && <p className="thread__note">No messages yet.</p>}
        {rows}
      </div>
    </div>
  );
}

/** A reply its author undid is theirs alone to see (as a one-line trace): teammates never see it. */
function isTeammatesCancelledReply(entry: LocalMessage, me: number): boolean {
  return entry.type === 'MESSAGE' && entry.status === 'CANCELLED' && entry.agent_id !== null && entry.agent_id !== me;
}
