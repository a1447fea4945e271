import { matchSearchText, type SearchTerm, type TextRange } from './search-text';

/** A short piece of a text with the ranges to highlight: plain text and offsets, never markup. */
export type SearchSnippet = { text: string; highlights: TextRange[] };

/** Snippets are about two lines of a results list. */
export const SNIPPET_LENGTH = 160;
/** How much text comes before the first highlight, so it is read in context. */
const LEAD = 40;
const ELLIPSIS = '…';

/** The first whitespace at or after `from` (or `from` itself when there is none nearby). */
function forwardToSpace(text: string, from: number, limit: number): number {
  for (let i = from; i < Math.min(text.length, from + limit); i++) if (text[i] === ' ') return i + 1;
  return from;
}

function backToSpace(text: string, to: number, limit: number): number {
  for (let i = to; i > Math.max(0, to - limit); i--) if (text[i] === ' ') return i;
  return to;
}

/**
 * The part of `text` around its first match, whitespace flattened, at most about `length`
 * characters, cut between words and marked with an ellipsis where it was cut. Without a
 * match, the start of the text.
 */
export function searchSnippet(text: string, terms: readonly SearchTerm[], length = SNIPPET_LENGTH): SearchSnippet {
  const flat = text.replace(/\s+/g, ' ').trim();
  const { ranges } = matchSearchText(flat, terms);
  const first = ranges[0];
  let start = first && first[0] > LEAD ? forwardToSpace(flat, first[0] - LEAD, LEAD) : 0;
  if (first && start > first[0]) start = first[0];
  let end = Math.min(flat.length, start + length);
  if (end < flat.length) end = Math.max(backToSpace(flat, end, 30), first ? Math.min(first[1], flat.length) : 0);
  const before = start > 0 ? ELLIPSIS : '';
  const after = end < flat.length ? ELLIPSIS : '';
  const shift = before.length - start;
  const highlights: TextRange[] = [];
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    highlights.push([Math.max(from, start) + shift, Math.min(to, end) + shift]);
  }
  return { text: `${before}${flat.slice(start, end).trimEnd()}${after}`, highlights };
}
