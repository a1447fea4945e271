import type { ReactNode } from 'react';
import { Avatar } from '../../../components/Avatar';
import { absoluteDateTime, longRelativeTime } from '../../../format/relative-time';

export type Author = { name: string; email: string; avatar: string | null };

/** Who wrote a thread entry and when. */
export function EntryHeader({ author, ts, now, label, actions }: { author: Author; ts: number; now: number; label?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="entry__header">
      <Avatar name={author.name} email={author.email} src={author.avatar} size={28} />
      <div className="entry__who">
        <span className="entry__author">{author.name || author.email}</span>
        {label}
        <time className="entry__time" dateTime={new Date(ts).toISOString()} title={absoluteDateTime(ts)}>
          {longRelativeTime(ts, now)}
        </time>
      </div>
      {actions && <div className="entry__actions">{actions}</div>}
    </header>
  );
}
