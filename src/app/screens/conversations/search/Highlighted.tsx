import type { ReactNode } from 'react';
import type { TextRange } from '../../../../protocol/search/search-text';

/** Text with its matched ranges in <mark>: React text nodes only, never HTML from the data. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  if (ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [from, to] of ranges) {
    if (from < at || to <= from || to > text.length) continue;
    if (from > at) parts.push(text.slice(at, from));
    parts.push(<mark key={from} className="search-mark">{text.slice(from, to)}</mark>);
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
