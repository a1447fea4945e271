/**
 * Typo tolerance of the help center's search, pure: a word of the query that no word of the
 * help center begins with is replaced by the closest word (an insertion, a deletion, a
 * substitution or two neighbours swapped count one; at most one for words of 4 to 7 letters,
 * two from 8 on), compared with the whole word and with its start of the same length, so a
 * misspelt beginning ("refnd" → "refund", "shiping" → "shipping") is still found.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

export function allowedTypos(word: string): number {
  if (word.length < 4) return 0;
  return word.length < 8 ? 1 : 2;
}

/** Optimal string alignment distance, stopping early above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (prevPrev[j - 2] ?? 0) + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length] ?? limit + 1;
}

/**
 * The word to search for instead of `word`: itself when some vocabulary word begins with it or
 * it is too short to correct; else the closest vocabulary word (fewest edits, then the most
 * frequent, then the first in order), or itself when none is close enough.
 */
export function correctWord(word: string, vocabulary: ReadonlyMap<string, number>): string {
  const limit = allowedTypos(word);
  if (limit === 0) return word;
  let best: { word: string; distance: number; count: number } | null = null;
  for (const [candidate, count] of vocabulary) {
    if (candidate.startsWith(word)) return word;
    const whole = editDistance(word, candidate, limit);
    const start = candidate.length > word.length ? editDistance(word, candidate.slice(0, word.length), limit) : limit + 1;
    const distance = Math.min(whole, start);
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && (count > best.count || (count === best.count && candidate < best.word)))) {
      best = { word: candidate, distance, count };
    }
  }
  return best?.word ?? word;
}
