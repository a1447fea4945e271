/**
 * The full-text search language, shared by the server (which turns it into SQLite FTS5 and
 * PostgreSQL tsquery, and cuts snippets) and the browser (instant search over IndexedDB), so
 * that both find, and highlight, the same words.
 *
 * A search is whitespace-separated terms, all of which must be found. A term is a word or a
 * chunk like `jane.doe@example` (its words must follow each other) or a "quoted phrase". Text
 * is split into words of letters and digits; words compare in lower case without diacritics
 * (`jose` finds "José"). The last word of an unquoted term is a prefix (`refu` finds "refund"),
 * so results keep up while the agent types; a closed quote asks for whole words.
 */
export type SearchTerm = { words: string[]; prefix: boolean };

/** More terms than this are refused: every term costs the server a lookup per source. */
export const SEARCH_MAX_TERMS = 10;

/** Where a search found a conversation, and what each place adds to its score. */
export const SEARCH_WEIGHTS = { subject: 3, contact: 2, message: 1 } as const;

/** A half-open range [start, end) of UTF-16 offsets into a text. */
export type TextRange = [start: number, end: number];

const WORD_CHARS = '\\p{L}\\p{N}\\p{M}';
const WORD = new RegExp(`[${WORD_CHARS}]+`, 'gu');
const MARKS = /\p{M}+/gu;

/** Lower case without diacritics. It may change the length: use it to compare, not to locate. */
export function foldSearchText(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** The folded words of a piece of text, in order. */
export function searchWords(text: string): string[] {
  return [...text.matchAll(WORD)].map((match) => foldSearchText(match[0])).filter((word) => word !== '');
}

/** The terms of a search; terms without a letter or digit are left out. */
export function parseSearchText(text: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const match of text.matchAll(/"([^"]*)("?)|[^\s"]+/g)) {
    const quoted = match[1];
    const words = searchWords(quoted ?? match[0]);
    if (words.length === 0) continue;
    terms.push({ words, prefix: quoted === undefined || match[2] !== '"' });
  }
  return terms;
}

/** The search as canonical text (same terms, same text), e.g. to key caches and requests. */
export function searchKey(terms: readonly SearchTerm[]): string {
  return terms.map((term) => `${term.prefix ? '' : '"'}${term.words.join(' ')}${term.prefix ? '' : '"'}`).join(' ');
}

/**
 * A test of one term against FOLDED text (see foldSearchText): the words in a row, the first at
 * the start of a word, the last whole unless it is a prefix. For scanning many texts quickly;
 * a newline ends a text, so that texts joined by newlines are scanned in one go.
 */
export function termPattern(term: SearchTerm): RegExp {
  const body = term.words.join(`[^${WORD_CHARS}\\n]+`);
  return new RegExp(`(?<![${WORD_CHARS}])${body}${term.prefix ? '' : `(?![${WORD_CHARS}])`}`, 'u');
}

type Word = { start: number; end: number; folded: string; text: string };

function wordsWithOffsets(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(WORD)) {
    words.push({ start: match.index, end: match.index + match[0].length, folded: foldSearchText(match[0]), text: match[0] });
  }
  return words;
}

/** Where the part of `word` that folds to a prefix of `length` characters ends (marks included). */
function prefixEnd(word: Word, length: number): number {
  let folded = 0;
  let offset = 0;
  for (const char of word.text) {
    if (folded >= length && !/\p{M}/u.test(char)) break;
    folded += foldSearchText(char).length;
    offset += char.length;
  }
  return word.start + offset;
}

function termRanges(words: readonly Word[], term: SearchTerm): TextRange[] {
  const ranges: TextRange[] = [];
  const n = term.words.length;
  for (let i = 0; i + n <= words.length; i++) {
    let matches = true;
    for (let j = 0; j < n && matches; j++) {
      const word = words[i + j]?.folded ?? '';
      const wanted = term.words[j] ?? '';
      matches = j === n - 1 && term.prefix ? word.startsWith(wanted) : word === wanted;
    }
    if (!matches) continue;
    const first = words[i];
    const last = words[i + n - 1];
    if (!first || !last) continue;
    const lastWanted = term.words[n - 1] ?? '';
    ranges.push([first.start, term.prefix && last.folded !== lastWanted ? prefixEnd(last, lastWanted.length) : last.end]);
  }
  return ranges;
}

function mergeRanges(ranges: TextRange[]): TextRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: TextRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** What a text holds of a search: the ranges to highlight, and which terms it matched. */
export type TextMatch = { ranges: TextRange[]; matched: boolean[] };

export function matchSearchText(text: string, terms: readonly SearchTerm[]): TextMatch {
  const words = wordsWithOffsets(text);
  const perTerm = terms.map((term) => termRanges(words, term));
  return { ranges: mergeRanges(perTerm.flat()), matched: perTerm.map((ranges) => ranges.length > 0) };
}
