export type FuzzyMatch = { score: number; positions: number[] };

const WORD_START = /[\s\-_/.#@'"(]/;

/**
 * A small fuzzy matcher for the command palette: the query's characters must appear in order
 * (case-insensitive). Higher is better: runs of consecutive characters, matches at the start
 * of a word and at the very start count most; gaps and long texts cost a little. Greedy (not
 * optimal) — good enough for labels of a few words, and linear in the text.
 */
export function fuzzyScore(query: string, text: string): FuzzyMatch | null {
  const needle = query.trim().toLowerCase();
  if (needle === '') return { score: 0, positions: [] };
  const haystack = text.toLowerCase();
  // A plain substring is what people mean most of the time: prefer it when it exists.
  const direct = haystack.indexOf(needle);
  if (direct >= 0) {
    const wordStart = direct === 0 || WORD_START.test(haystack[direct - 1] ?? '');
    const positions = Array.from({ length: needle.length }, (_, i) => direct + i);
    return { score: 100 + needle.length * 10 + (direct === 0 ? 40 : wordStart ? 25 : 0) - haystack.length * 0.1, positions };
  }
  const positions: number[] = [];
  let score = 0;
  let from = 0;
  for (const char of needle) {
    if (char === ' ') continue;
    const at = haystack.indexOf(char, from);
    if (at < 0) return null;
    const previous = positions.at(-1);
    if (previous !== undefined && at === previous + 1) score += 8;
    else if (previous !== undefined) score -= Math.min(at - previous - 1, 10);
    if (at === 0) score += 12;
    else if (WORD_START.test(haystack[at - 1] ?? '')) score += 10;
    score += 1;
    positions.push(at);
    from = at + 1;
  }
  return { score: score - haystack.length * 0.1, positions };
}
