import { longRelativeTime } from '../../format/relative-time';

/** "Used 3 times, last 2 days ago", or "Never used": how stale snippets are spotted. */
export function usageText(snippet: { use_count: number; last_used_at: number | null }, now: number): string {
  if (snippet.use_count === 0 || snippet.last_used_at === null) return 'Never used';
  const times = snippet.use_count === 1 ? 'once' : `${snippet.use_count} times`;
  return `Used ${times}, last ${longRelativeTime(snippet.last_used_at, now)}`;
}
