/** Durations and changes as a report shows them. */

/** 42 s, 12 min, 3.5 h, 2.1 d; "—" for none. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = ms / 1000;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = seconds / 60;
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 24) return `${hours < 10 ? hours.toFixed(1) : Math.round(hours)} h`;
  const days = hours / 24;
  return `${days < 10 ? days.toFixed(1) : Math.round(days)} d`;
}

/** The change from `previous` to `current` as "+12%", "−3%", "new" or null when nothing to compare. */
export function formatChange(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? '0%' : 'new';
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)}%`;
}
