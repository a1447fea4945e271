export type FuzzyMatch = { score: number; positions: number[] };

const WORD_START = /[\s\-_/.#@'"(“]/;

/**
 * How good a match is, best first: the text starts with the query; a word of it does; the
 * query is inside a word; the query's letters each begin a word or continue a run ("gtt" in
 * "Go to Team"); scattered letters. A better kind always outranks a worse one, whatever the
 * lengths, so "assign" never lists a subject matched on scattered letters above "Assign to…".
 */
export const MATCH_TIERS = { prefix: 4000, wordStart: 3000, inside: 2000, initials: 1000, scattered: 0 } as const;

/** The score from which a match is contiguous or made of word starts (not scattered letters). */
export const CLOSE_MATCH = MATCH_TIERS.initials;

/**
 * A small fuzzy matcher for the command palette and the tag field: the query's characters must
 * appear in order (case-insensitive). Within a tier, shorter texts and fewer gaps win. Greedy
 * (not optimal), good enough for labels of a few words, and linear in the text. Scattered
 * letters spread over a long text (more than 3 characters between matches on average) are no
 * match at all: they are noise.
 */
export function fuzzyScore(query: string, text: string): FuzzyMatch | null {
  const needle = query.trim().toLowerCase();
  if (needle === '') return { score: 0, positions: [] };
  const haystack = text.toLowerCase();
  const isWordStart = (at: number) => at === 0 || WORD_START.test(haystack[at - 1] ?? '');
  const direct = wordStartIndex(haystack, needle) ?? haystack.indexOf(needle);
  if (direct >= 0) {
    const tier = direct === 0 ? MATCH_TIERS.prefix : isWordStart(direct) ? MATCH_TIERS.wordStart : MATCH_TIERS.inside;
    const positions = Array.from({ length: needle.length }, (_, i) => direct + i);
    return { score: tier + needle.length * 10 - direct - haystack.length * 0.1, positions };
  }
  const positions: number[] = [];
  let gaps = 0;
  let runs = 0;
  let initials = true;
  let from = 0;
  for (const char of needle) {
    if (char === ' ') continue;
    const at = haystack.indexOf(char, from);
    if (at < 0) return null;
    const previous = positions.at(-1);
    const continues = previous !== undefined && at === previous + 1;
    if (continues) runs += 1;
    else if (previous !== undefined) gaps += at - previous - 1;
    if (!continues && !isWordStart(at)) initials = false;
    positions.push(at);
    from = at + 1;
  }
  if (!initials && positions.length > 1 && gaps / (positions.length - 1) > 3) return null;
  const tier = initials ? MATCH_TIERS.initials : MATCH_TIERS.scattered;
  return { score: tier + runs * 8 - Math.min(gaps, 50) - haystack.length * 0.1, positions };
}

/** Where the needle begins a word of the haystack, if it does anywhere. */
function wordStartIndex(haystack: string, needle: string): number | null {
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (at === 0 || WORD_START.test(haystack[at - 1] ?? '')) return at;
  }
  return null;
}
