import { Link } from 'react-router-dom';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import type { SearchTerm } from '../../../../protocol/search/search-text';
import { matchSearchText } from '../../../../protocol/search/search-text';
import { Badge } from '../../../components/Badge';
import { Icon } from '../../../components/Icon';
import { absoluteDateTime, shortRelativeTime } from '../../../format/relative-time';
import { conversationRowId } from '../../../keyboard/keyboard-context';
import type { SearchResult } from '../../../search/merge-search-results';
import { STATUS_LABELS, STATUS_TONES } from '../status-labels';
import { Highlighted } from './Highlighted';
import { resultSnippet } from './result-snippet';

type RowProps = {
  result: SearchResult;
  /** The thread this browser holds, if any. */
  thread: readonly LocalMessage[] | undefined;
  terms: readonly SearchTerm[];
  to: string;
  now: number;
  current: boolean;
  selected: boolean;
};

/** One search result: who, the subject and the words that matched, each match highlighted. */
export function SearchResultRow({ result, thread, terms, to, now, current, selected }: RowProps) {
  const { conversation: c, contact } = result;
  const snippet = resultSnippet(result, thread, terms);
  const name = contact?.name || contact?.email || 'Unknown contact';
  const email = contact?.name && contact.email ? contact.email : null;
  const classes = ['search-row'];
  if (c.is_unread) classes.push('search-row--unread');
  if (selected) classes.push('search-row--selected');
  return (
    <li className="search-results__item">
      <Link
        to={to}
        id={conversationRowId(c.id)}
        className={classes.join(' ')}
        data-testid="search-result"
        data-origin={result.origin}
        data-selected={selected || undefined}
        aria-current={current ? 'page' : undefined}
      >
        <span className="search-row__top">
          <span className="search-row__name">
            <Highlighted text={name} ranges={matchSearchText(name, terms).ranges} />
          </span>
          {email && (
            <span className="search-row__email">
              <Highlighted text={email} ranges={matchSearchText(email, terms).ranges} />
            </span>
          )}
          <time className="search-row__time" dateTime={new Date(c.last_update_ts).toISOString()} title={absoluteDateTime(c.last_update_ts)}>
            {shortRelativeTime(c.last_update_ts, now)}
          </time>
        </span>
        <span className="search-row__subject">
          <Icon name={c.channel === 'CHAT' ? 'chat' : 'mail'} size={13} />
          <span className="search-row__subject-text">
            <Highlighted text={c.subject || '(no subject)'} ranges={c.subject ? matchSearchText(c.subject, terms).ranges : []} />
          </span>
          <Badge tone={STATUS_TONES[c.status]}>{STATUS_LABELS[c.status]}</Badge>
        </span>
        {(snippet.source === 'message' || snippet.source === 'note') && snippet.text && (
          <span className={snippet.source === 'note' ? 'search-row__snippet search-row__snippet--note' : 'search-row__snippet'} data-testid="search-snippet">
            {snippet.source === 'note' && <span className="search-row__note-label">Note</span>}
            <Highlighted text={snippet.text} ranges={snippet.highlights} />
          </span>
        )}
      </Link>
    </li>
  );
}
