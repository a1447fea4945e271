import sanitizeHtml, { type Attributes, type IOptions } from 'sanitize-html';
import { slugify } from '../../protocol/knowledge/knowledge-slug';
import { NON_TEXT_ELEMENTS, htmlToPlainText } from '../content/html-text';

/**
 * An article's HTML as it is stored and served: what the editor writes (headings, lists, links,
 * code, images, tables, callouts) and nothing that can run or reach out on its own: no script,
 * style, form, frame, object, SVG or event handler, no javascript: or data: link, no style
 * attribute. Every write passes through here, so the public page prints stored HTML as it is.
 */
const TAGS = [
  'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'mark', 'code', 'pre', 'kbd', 'sub', 'sup',
  'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'div', 'span', 'figure', 'figcaption',
];

/** A callout is `<div data-callout="info|warning|success">`; other divs lose the attribute. */
const CALLOUTS = new Set(['info', 'warning', 'success']);
const LINK = /^(https?:|mailto:|tel:|\/|#)/i;
/** Pictures from the web or uploaded to the help center (`/help/{org}/images/{id}`). */
const IMAGE = /^(https:\/\/|\/help\/[a-z0-9-]+\/images\/\d+$)/i;

const OPTIONS: IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    div: ['data-callout'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    code: ['class'],
    pre: ['class'],
  },
  allowedClasses: { code: ['language-*'], pre: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_ELEMENTS,
  nestingLimit: 60,
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (_tag, attribs) => ({ tagName: 'a', attribs: linkAttributes(attribs) }),
    img: (_tag, attribs) => ({ tagName: 'img', attribs: imageAttributes(attribs) }),
    div: (_tag, attribs) => ({ tagName: 'div', attribs: CALLOUTS.has(attribs['data-callout'] ?? '') ? { 'data-callout': attribs['data-callout'] ?? '' } : {} }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs['src'],
};

function linkAttributes(attribs: Attributes): Attributes {
  const href = attribs['href']?.trim() ?? '';
  const safe: Attributes = {};
  if (attribs['title'] !== undefined) safe['title'] = attribs['title'];
  if (LINK.test(href) && !href.startsWith('//')) {
    safe['href'] = href;
    if (/^https?:/i.test(href)) safe['rel'] = 'noopener';
  }
  return safe;
}

function imageAttributes(attribs: Attributes): Attributes {
  const src = attribs['src']?.trim() ?? '';
  const safe: Attributes = {};
  if (IMAGE.test(src)) safe['src'] = src;
  for (const name of ['alt', 'title', 'width', 'height'] as const) {
    const value = attribs[name];
    if (value !== undefined && (name === 'alt' || name === 'title' || /^\d{1,4}$/.test(value))) safe[name] = value;
  }
  return safe;
}

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

export type TocEntry = { id: string; text: string; level: 2 | 3 };

/**
 * Published HTML with an id on each h2 and h3 (from its text, unique in the page), and the table
 * of contents they make. Runs on sanitised HTML, whose headings carry no attribute, so the only
 * attribute added is an id of `[a-z0-9-]`.
 */
export function withHeadingIds(html: string): { html: string; toc: TocEntry[] } {
  const toc: TocEntry[] = [];
  const used = new Set<string>();
  const out = html.replace(/<h([23])>([\s\S]*?)<\/h\1>/g, (_match, level: string, inner: string) => {
    const text = htmlToPlainText(inner).trim();
    const base = slugify(text, 'section');
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    toc.push({ id, text, level: level === '2' ? 2 : 3 });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: out, toc };
}

/** The article's words for the search index and the page's description. */
export function articleText(html: string): string {
  return htmlToPlainText(html).replace(/\s+/g, ' ').trim();
}
