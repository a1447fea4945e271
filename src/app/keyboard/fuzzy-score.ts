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
 * from each place the first letter occurs (the best of those kept): not optimal, good enough
 * for labels of a few words. Scattered
 * letters are no match at all where they are noise: spread thinly (more than 3 characters
 * between matches on average), or spread across words of a long text ("assign" in "VAT number
 * missing on invoice" picks letters out of three words). Within one word ("asgn" in "Assign")
 * or across the words of a short label they still match, in the lowest tier.
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
  const first = needle.replace(/ /g, '')[0] ?? '';
  let best: FuzzyMatch | null = null;
  for (let at = haystack.indexOf(first); at >= 0; at = haystack.indexOf(first, at + 1)) {
    const found = lettersFrom(haystack, needle, at, isWordStart);
    if (found && (!best || found.score > best.score)) best = found;
  }
  return best;
}

/** The needle's letters in order from a first letter at `start`, greedily; null when none or noise. */
function lettersFrom(haystack: string, needle: string, start: number, isWordStart: (at: number) => boolean): FuzzyMatch | null {
  const positions: number[] = [];
  let gaps = 0;
  let runs = 0;
  let initials = true;
  let from = start;
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
  if (!initials && positions.length > 1) {
    if (gaps / (positions.length - 1) > 3) return null;
    if (haystack.length > SHORT_TEXT && crossesWords(haystack, positions)) return null;
  }
  const tier = initials ? MATCH_TIERS.initials : MATCH_TIERS.scattered;
  return { score: tier + runs * 8 - Math.min(gaps, 50) - haystack.length * 0.1, positions };
}

/** Up to this length a text is a short label, where letters scattered over its words still match. */
export const SHORT_TEXT = 16;

/** Whether a word boundary lies between the first and the last matched letter. */
function crossesWords(haystack: string, positions: readonly number[]): boolean {
  const first = positions[0] ?? 0;
  const last = positions.at(-1) ?? 0;
  for (let at = first + 1; at <= last; at += 1) if (WORD_START.test(haystack[at - 1] ?? '')) return true;
  return false;
}

/** Where the needle begins a word of the haystack, if it does anywhere. */
function wordStartIndex(haystack: string, needle: string): number | null {
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (at === 0 || WORD_START.test(haystack[at - 1] ?? '')) return at;
  }
  return null;
}
