import { scanHtml } from './scan-html';

/** Elements whose content is not text of the document (style sheets, titles, scripts, form options). */
export const NON_TEXT_ELEMENTS = ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template', 'xml'];
const NON_TEXT = new Set(NON_TEXT_ELEMENTS);

/** Elements that end a line when they close. */
const BLOCK = new Set(['p', 'div', 'tr', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'table']);

/**
 * The text of an HTML document, line by line, in one linear pass (scan-html.ts): the text of a
 * message that has no plain-text part, and the text shown when its HTML is too complex to
 * display. Entities are decoded; scripts, styles, titles and the head are not text. The pass
 * stops once it has somewhat more than `maxChars` (the rest would be cut anyway).
 */
export function htmlToPlainText(html: string, maxChars = Number.POSITIVE_INFINITY): string {
  const pieces: string[] = [];
  let length = 0;
  let hidden = 0;
  scanHtml(html, {
    open(name) {
      if (NON_TEXT.has(name)) hidden += 1;
      else if (name === 'br' && hidden === 0) pieces.push('\n');
    },
    close(name) {
      if (NON_TEXT.has(name)) hidden -= 1;
      else if (BLOCK.has(name) && hidden === 0) pieces.push('\n');
    },
    text(start, end) {
      if (hidden > 0) return true;
      // Line breaks in the source are spaces on screen; lines come from <br> and blocks.
      const piece = html.slice(start, end).replace(/[ \t\n\f\r]+/g, ' ');
      pieces.push(piece);
      length += piece.length;
      return length <= maxChars + MARGIN;
    },
  });
  return decodeEntities(pieces.join(''))
    .replace(/ {2,}/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Text taken beyond maxChars, as entities and runs of spaces still shrink it. */
const MARGIN = 10_000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (entity, body: string) => {
    const lower = body.toLowerCase();
    if (ENTITIES[lower] !== undefined) return ENTITIES[lower];
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : lower.startsWith('#') ? parseInt(lower.slice(1), 10) : NaN;
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : entity;
  });
}
