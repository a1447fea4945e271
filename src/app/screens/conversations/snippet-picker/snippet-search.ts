import type { Snippet } from '../../../../protocol/documents';

/**
 * The picker's search (pure): what the agent types is matched against shortcuts, names and
 * bodies; a better kind of match ranks first (shortcut, then name start, then a word of the
 * name, then anywhere in the name, then the body), and within a kind the snippets the team uses
 * often and lately come first. With nothing typed, the most used lately lead.
 */
export type SearchableSnippet = { snippet: Snippet; name: string; shortcut: string; body: string };

const DAY = 86_400_000;
/** A use counts half as much after this many days. */
const HALF_LIFE_DAYS = 14;

export function searchable(snippets: readonly Snippet[]): SearchableSnippet[] {
  return snippets.map((snippet) => ({ snippet, name: snippet.name.toLowerCase(), shortcut: snippet.shortcut ?? '', body: snippet.body.toLowerCase() }));
}

/** Recent and frequent: uses, decayed by the age of the last one. */
export function frecency(snippet: Pick<Snippet, 'use_count' | 'last_used_at'>, now: number): number {
  if (snippet.last_used_at === null || snippet.use_count === 0) return 0;
  const ageDays = Math.max(0, now - snippet.last_used_at) / DAY;
  return snippet.use_count * 0.5 ** (ageDays / HALF_LIFE_DAYS);
}

function matchTier(item: SearchableSnippet, query: string): number {
  if (query === '') return 0;
  if (item.shortcut === query) return 0;
  if (item.shortcut.startsWith(query)) return 1;
  if (item.name.startsWith(query)) return 2;
  const at = item.name.indexOf(query);
  if (at > 0 && /[\s\-_/(]/.test(item.name[at - 1] ?? '')) return 3;
  if (at > 0) return 4;
  return item.body.includes(query) ? 5 : -1;
}

export type SnippetSearch = { query: string; category: string | null; now: number; limit: number };

/** The best `limit` matches of the query in the category (null: all), ranked. */
export function searchSnippets(items: readonly SearchableSnippet[], { query, category, now, limit }: SnippetSearch): Snippet[] {
  const wanted = query.trim().toLowerCase().replace(/^#/, '');
  const ranked: { snippet: Snippet; tier: number; score: number }[] = [];
  for (const item of items) {
    if (category !== null && !item.snippet.categories.includes(category)) continue;
    const tier = matchTier(item, wanted);
    if (tier >= 0) ranked.push({ snippet: item.snippet, tier, score: frecency(item.snippet, now) });
  }
  ranked.sort((a, b) => a.tier - b.tier || b.score - a.score || a.snippet.name.localeCompare(b.snippet.name) || (a.snippet.id < b.snippet.id ? -1 : 1));
  return ranked.slice(0, limit).map((entry) => entry.snippet);
}

/**
 * The `#word` just before the cursor, if the cursor ends one (a `#` at the start of the text or
 * after a space): what opened the picker, replaced by the snippet. Null otherwise.
 */
export function hashTrigger(textBefore: string): { query: string; length: number } | null {
  const match = /(?:^|\s)#([\w-]*)$/.exec(textBefore);
  if (!match) return null;
  const query = match[1] ?? '';
  return { query, length: query.length + 1 };
}
