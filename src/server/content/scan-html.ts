/**
 * One linear pass over HTML that sees the element tree the way the sanitiser's parser
 * (htmlparser2) builds it, without building it: tags, attributes (quoted values may hold `<` and
 * `>`), comments, raw-text elements, void elements, `/>` (self-closing only inside SVG and
 * MathML), the end tags that close what is open and the start tags that imply closing the
 * current element (`<li>` after `<li>`, `<td>` after `<td>`, a block after `<p>`). Every step is
 * O(1) amortised, whatever the nesting, so a message of any shape costs time in proportion to its
 * length; htmlparser2 itself keeps its stack in an array it shifts and searches, which is what
 * made deep nesting cost quadratic time.
 */
export type HtmlVisitor = {
  /** A start tag: its lowercase name and the depth of the element (1 for a top-level one). Return false to stop. */
  open?(name: string, depth: number): boolean | void;
  /** An element closes (by its end tag, an implied close, or a void or self-closing tag). */
  close?(name: string): void;
  /** Source text between tags (entities not decoded), outside raw-text elements. Return false to stop. */
  text?(start: number, end: number): boolean | void;
  /** The content of a raw-text element (script, style, title, textarea, xmp). */
  rawText?(name: string, start: number, end: number): void;
};

/** Elements that never have content (htmlparser2's list). */
const VOID = new Set([
  'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex', 'keygen', 'link',
  'meta', 'param', 'source', 'track', 'wbr',
]);

/** Elements whose content is text up to their end tag (htmlparser2's special sequences). */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp']);
const RAW_TEXT_END = new Map([...RAW_TEXT].map((name) => [name, new RegExp(`</${name}(?=[\\t\\n\\f\\r />])`, 'gi')]));

const P = new Set(['p']);
const FORM = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const DD_DT = new Set(['dd', 'dt']);
const RT_RP = new Set(['rt', 'rp']);
const SECTION = new Set(['thead', 'tbody']);

/** A start tag closes the current element while it is one of these (htmlparser2's openImpliesClose). */
const IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT],
  ['dt', DD_DT],
  ['rt', RT_RP],
  ['rp', RT_RP],
  ['tbody', SECTION],
  ['tfoot', SECTION],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((name): [string, Set<string>] => [name, FORM]),
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section', 'table', 'ul'].map(
    (name): [string, Set<string>] => [name, P],
  ),
]);

const FOREIGN = new Set(['svg', 'math']);

const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}

/** Walks `html` once, calling the visitor; stops early when `open` or `text` returns false. */
export function scanHtml(html: string, visitor: HtmlVisitor): void {
  const stack: string[] = [];
  /** How many of each name are open, so an end tag for nothing open costs O(1), not a search. */
  const openCount = new Map<string, number>();
  let foreign = 0;
  const length = html.length;

  const push = (name: string) => {
    stack.push(name);
    openCount.set(name, (openCount.get(name) ?? 0) + 1);
    if (FOREIGN.has(name)) foreign += 1;
  };
  const pop = () => {
    const name = stack.pop();
    if (name === undefined) return;
    openCount.set(name, (openCount.get(name) ?? 1) - 1);
    if (FOREIGN.has(name)) foreign -= 1;
    visitor.close?.(name);
  };

  let position = 0;
  let textStart = 0;
  /** Reports the text since textStart; false when the visitor has seen enough. */
  const flushText = (end: number) => end <= textStart || visitor.text?.(textStart, end) !== false;

  while (position < length) {
    const lt = html.indexOf('<', position);
    if (lt < 0) break;
    const next = html.charCodeAt(lt + 1);
    if (isLetter(next)) {
      if (!flushText(lt)) return;
      const tag = readTag(html, lt + 1);
      const name = tag.name;
      const implied = IMPLIES_CLOSE.get(name);
      if (implied) {
        while (stack.length > 0 && implied.has(stack[stack.length - 1] ?? '')) pop();
      }
      if (visitor.open?.(name, stack.length + 1) === false) return;
      position = tag.end;
      if (VOID.has(name) || (tag.selfClosing && foreign > 0)) {
        visitor.close?.(name);
      } else {
        push(name);
        if (RAW_TEXT.has(name)) position = skipRawText(html, name, position, visitor, pop);
      }
      textStart = position;
    } else if (next === SLASH && isLetter(html.charCodeAt(lt + 2))) {
      if (!flushText(lt)) return;
      const tag = readTag(html, lt + 2);
      if (!VOID.has(tag.name) && (openCount.get(tag.name) ?? 0) > 0) {
        while (stack.length > 0 && stack[stack.length - 1] !== tag.name) pop();
        pop();
      }
      position = tag.end;
      textStart = position;
    } else if (next === BANG || next === QUESTION || next === SLASH) {
      // Comments, doctypes, CDATA, processing instructions and `</` not followed by a name: no text, no element.
      if (!flushText(lt)) return;
      position = html.startsWith('<!--', lt) ? endOf(html, '-->', lt + 4) : endOf(html, '>', lt + 2);
      textStart = position;
    } else {
      // A `<` that starts nothing is text.
      position = lt + 1;
    }
  }
  if (!flushText(length)) return;
  while (stack.length > 0) pop();
}

/** Just past the next `terminator` from `from`, or the end of the input. */
function endOf(html: string, terminator: string, from: number): number {
  const found = html.indexOf(terminator, from);
  return found < 0 ? html.length : found + terminator.length;
}

/**
 * The tag whose name starts at `start`: its lowercase name, whether it ends in `/>`, and the
 * position just past its `>` (the end of the input when it has none). Quoted attribute values
 * are skipped whole, so a `>` inside one does not end the tag.
 */
function readTag(html: string, start: number): { name: string; selfClosing: boolean; end: number } {
  const length = html.length;
  let position = start;
  while (position < length) {
    const code = html.charCodeAt(position);
    if (isSpace(code) || code === SLASH || code === GT) break;
    position += 1;
  }
  const name = html.slice(start, position).toLowerCase();
  let afterEquals = false;
  let lastSlash = false;
  while (position < length) {
    const code = html.charCodeAt(position);
    if (code === GT) return { name, selfClosing: lastSlash, end: position + 1 };
    if (afterEquals && (code === DOUBLE_QUOTE || code === SINGLE_QUOTE)) {
      const close = html.indexOf(code === DOUBLE_QUOTE ? '"' : "'", position + 1);
      if (close < 0) return { name, selfClosing: false, end: length };
      position = close + 1;
      afterEquals = false;
      lastSlash = false;
      continue;
    }
    if (code === EQUALS) afterEquals = true;
    else if (!isSpace(code)) afterEquals = false;
    lastSlash = code === SLASH;
    position += 1;
  }
  return { name, selfClosing: false, end: length };
}

/** Reports a raw-text element's content and consumes it with its end tag; returns where scanning goes on. */
function skipRawText(html: string, name: string, from: number, visitor: HtmlVisitor, pop: () => void): number {
  const end = RAW_TEXT_END.get(name);
  if (!end) return from;
  end.lastIndex = from;
  const match = end.exec(html);
  const contentEnd = match ? match.index : html.length;
  if (contentEnd > from) visitor.rawText?.(name, from, contentEnd);
  pop();
  return match ? endOf(html, '>', contentEnd + 2) : html.length;
}
