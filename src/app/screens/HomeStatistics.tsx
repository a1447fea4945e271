import type { ConversationStatistics } from '../../protocol/documents';
import { absoluteDate } from '../format/relative-time';
import { DEFAULT_INBOX_KEY } from './conversations/list/inbox-unread-counts';

/** Seconds as "4 min" or "1 h 20 min": a reading time. */
export function readingTimeText(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The Home screen's figures from `GET conversations/status` (§3 Statistics); nothing until they arrive. */
export function HomeStatistics({ statistics }: { statistics: ConversationStatistics | undefined }) {
  if (!statistics) return null;
  const unread = statistics.statistics[DEFAULT_INBOX_KEY] ?? 0;
  return (
    <dl className="home-stats" aria-label="Statistics">
      <div className="home-stat">
        <dt className="home-stat__label">Unread in your inbox</dt>
        <dd className="home-stat__value" data-testid="home-unread">
          {unread}
        </dd>
      </div>
      <div className="home-stat">
        <dt className="home-stat__label">First conversation</dt>
        <dd className="home-stat__value">{statistics.first_conversation === null ? 'None yet' : absoluteDate(statistics.first_conversation, Date.now())}</dd>
      </div>
      {statistics.reading_time !== null && (
        <div className="home-stat">
          <dt className="home-stat__label">Median time to open</dt>
          <dd className="home-stat__value">{readingTimeText(statistics.reading_time)}</dd>
        </div>
      )}
    </dl>
  );
}
