/**
 * An inverted index over folded words (see foldSearchText): its sorted vocabulary and, for each
 * word, the ascending slots of the documents that hold it. A word prefix is a range of the
 * vocabulary, so `refu` costs two binary searches and the postings of the words it covers.
 */
export type WordIndex = { words: string[]; postings: Int32Array[] };

/** Words of FOLDED text: letters and digits (the folding removed the marks). */
const FOLDED_WORD = /[\p{L}\p{N}]+/gu;

/** Builds the index; `texts(slot)` is called once per slot, in order, with the folded texts of that document. */
export function buildWordIndex(size: number, texts: (slot: number) => readonly string[]): WordIndex {
  const lists = new Map<string, number[]>();
  for (let slot = 0; slot < size; slot++) {
    for (const text of texts(slot)) {
      for (const match of text.matchAll(FOLDED_WORD)) {
        const word = match[0];
        const list = lists.get(word);
        if (!list) lists.set(word, [slot]);
        else if (list[list.length - 1] !== slot) list.push(slot);
      }
    }
  }
  const words = [...lists.keys()].sort();
  return { words, postings: words.map((word) => Int32Array.from(lists.get(word) ?? [])) };
}

/** The first vocabulary position whose word is not below `word`. */
function lowerBound(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] ?? '') < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Sets `into[slot]` for every document holding `word` (or, with `prefix`, a word starting with it). */
export function markWord(index: WordIndex, word: string, prefix: boolean, into: Uint8Array): void {
  const from = lowerBound(index.words, word);
  const to = prefix ? lowerBound(index.words, `${word}\uffff`) : from < index.words.length && index.words[from] === word ? from + 1 : from;
  for (let position = from; position < to; position++) {
    const postings = index.postings[position];
    if (!postings) continue;
    for (let i = 0; i < postings.length; i++) into[postings[i] ?? 0] = 1;
  }
}
