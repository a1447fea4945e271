import { cidReference } from './cid-references';
import { measureHtml } from './html-complexity';
import { HTML_LIMITS, HTML_NOTICES } from './html-limits';
import { htmlToPlainText } from './html-text';
import { limitText, MAX_TEXT_CHARS } from './limit-text';
import { sanitizeEmailHtml } from './sanitize-email-html';

export type CleanHtmlInput = {
  html: string;
  /** The document's own plain-text version, if it has one: preferred to text derived from the HTML. */
  text?: string;
  /** Content-IDs of the message's attachments, by index: a `cid:` image becomes a reference to its index (cid-references.ts). */
  cids?: (string | null)[];
  /** Text only, without sanitising: the second try after a first one ran out of time. */
  textOnly?: boolean;
};

export type CleanHtml = {
  /** Sanitised HTML to display, or null to show the text. */
  html: string | null;
  /** The plain text (at most limitText's length). */
  text: string;
  /** Why the HTML is not shown (HTML_NOTICES), or null. */
  notice: string | null;
};

/**
 * Customer HTML made fit to store and show: checked against HTML_LIMITS in one linear pass
 * first, and only then sanitised (sanitize-email-html.ts); beyond a limit, or when the result
 * is too long, the text is kept with a notice. Synchronous and CPU-bound: it runs in the content
 * workers (ContentPool.cleanHtml), never on the event loop.
 */
export function cleanHtml(input: CleanHtmlInput): CleanHtml {
  // NUL cannot be stored in PostgreSQL text (and means nothing in HTML).
  const html = input.html.replaceAll('\u0000', '');
  const ownText = input.text?.replaceAll('\u0000', '').trim() ?? '';
  const textOf = (source: string) => limitText(ownText || htmlToPlainText(source, MAX_TEXT_CHARS));
  const complexity = measureHtml(html, HTML_LIMITS);
  if (complexity.over) return { html: null, text: textOf(html), notice: HTML_NOTICES[complexity.over] };
  if (input.textOnly) return { html: null, text: textOf(html), notice: HTML_NOTICES.timeout };
  const cids = input.cids ?? [];
  const sanitized = sanitizeEmailHtml(html, (cid) => {
    const index = cids.indexOf(cid);
    return index >= 0 ? cidReference(index) : null;
  });
  const text = textOf(sanitized);
  if (sanitized.length > HTML_LIMITS.maxHtmlChars) return { html: null, text, notice: HTML_NOTICES.size };
  return { html: sanitized || null, text, notice: null };
}
