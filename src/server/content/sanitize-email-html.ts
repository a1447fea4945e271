import sanitizeHtml, { type Attributes, type IOptions } from 'sanitize-html';
import { NON_TEXT_ELEMENTS } from './html-text';

/**
 * HTML of an email as the inbox stores it: an allowlist of formatting tags and attributes, so
 * nothing in it can run (no script, no event handlers, no javascript: or data: links, no
 * forms, frames, objects or SVG) or reach out when shown (no style sheets, no url() in styles,
 * no base, meta or link). Images keep their address in `data-src` and have no `src`: the
 * agent's screen loads them only when the agent asks. Links open in a new tab without a
 * referrer. `cidUrl` turns `cid:` references into the inbox's own attachment URL (or null).
 */
export function sanitizeEmailHtml(html: string, cidUrl: (cid: string) => string | null): string {
  return sanitizeHtml(html, emailHtmlOptions(cidUrl)).trim();
}

const TAGS = [
  'a', 'abbr', 'address', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col',
  'colgroup', 'dd', 'del', 'dfn', 'div', 'dl', 'dt', 'em', 'font', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i',
  'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub',
  'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'tt', 'u', 'ul', 'var',
];

const CELL = ['align', 'valign', 'width', 'height', 'colspan', 'rowspan', 'bgcolor'];

/** Lengths, colours and keywords only: no url(), no expression(), no var(). */
const LENGTH = /^-?\d+(\.\d+)?(px|pt|em|rem|%|ex|ch|vw|vh)?$/;
const LENGTHS = /^(-?\d+(\.\d+)?(px|pt|em|rem|%|ex|ch)?|auto)( (-?\d+(\.\d+)?(px|pt|em|rem|%|ex|ch)?|auto)){0,3}$/;
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*[\d.%\s,/]+\)|hsla?\(\s*[\d.%\s,/deg]+\))$/i;
const KEYWORD = /^[a-z-]{1,30}$/i;
const FONT_FAMILY = /^[\w\s,'"-]{1,200}$/;

const STYLES: Record<string, RegExp[]> = {
  color: [COLOR],
  'background-color': [COLOR],
  'text-align': [/^(left|right|center|justify|start|end)$/],
  'vertical-align': [KEYWORD, LENGTH],
  'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/],
  'font-style': [/^(normal|italic|oblique)$/],
  'font-size': [LENGTH, KEYWORD],
  'font-family': [FONT_FAMILY],
  'line-height': [LENGTH, /^normal$/],
  'text-decoration': [/^[a-z -]{1,40}$/],
  'white-space': [KEYWORD],
  width: [LENGTH, /^auto$/],
  height: [LENGTH, /^auto$/],
  'max-width': [LENGTH, /^none$/],
  margin: [LENGTHS],
  padding: [LENGTHS],
  'border-collapse': [KEYWORD],
  display: [/^(block|inline|inline-block|none|table|table-cell|table-row)$/],
};

const LINK_SCHEMES = /^(https?:|mailto:|tel:)/i;
const RASTER_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

function emailHtmlOptions(cidUrl: (cid: string) => string | null): IOptions {
  return {
    allowedTags: TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'name', 'target', 'rel'],
      img: ['alt', 'title', 'width', 'height', 'data-src'],
      table: ['width', 'border', 'cellpadding', 'cellspacing', 'align', 'bgcolor'],
      td: CELL,
      th: CELL,
      tr: ['align', 'valign', 'bgcolor'],
      col: ['span', 'width'],
      colgroup: ['span', 'width'],
      font: ['color', 'face', 'size'],
      ol: ['start', 'type'],
      '*': ['style', 'dir', 'lang', 'align'],
    },
    allowedStyles: { '*': STYLES },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: NON_TEXT_ELEMENTS,
    nestingLimit: 100,
    transformTags: {
      a: (_tag, attribs) => ({ tagName: 'a', attribs: linkAttributes(attribs) }),
      img: (_tag, attribs) => ({ tagName: 'img', attribs: imageAttributes(attribs, cidUrl) }),
    },
  };
}

function linkAttributes(attribs: Attributes): Attributes {
  const { href, title, name } = attribs;
  const safe: Attributes = {};
  if (title !== undefined) safe.title = title;
  if (name !== undefined) safe.name = name;
  if (href !== undefined && LINK_SCHEMES.test(href.trim())) {
    safe.href = href.trim();
    safe.target = '_blank';
    safe.rel = 'noopener noreferrer nofollow';
  }
  return safe;
}

/** An image keeps its address in data-src only; anything but http(s), cid: or a raster data URL is dropped. */
function imageAttributes(attribs: Attributes, cidUrl: (cid: string) => string | null): Attributes {
  const { src, alt, title, width, height } = attribs;
  const safe: Attributes = {};
  if (alt !== undefined) safe.alt = alt;
  if (title !== undefined) safe.title = title;
  if (width !== undefined) safe.width = width;
  if (height !== undefined) safe.height = height;
  const address = src?.trim() ?? '';
  if (/^https?:\/\//i.test(address)) safe['data-src'] = address;
  else if (/^cid:/i.test(address)) {
    const url = cidUrl(decodeURIComponentSafe(address.slice(4)).replace(/^<|>$/g, ''));
    if (url) safe['data-src'] = url;
  } else if (RASTER_DATA_URL.test(address)) safe['data-src'] = address.replace(/\s+/g, '');
  return safe;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
