import { API_BASE, apiPaths } from '../../../../protocol/api/routes';
import type { UploadedAttachment } from '../../../../protocol/api/channels';

/**
 * The email composer's formatted text. Its draft is the editor's HTML (so formatting survives a
 * reload and reaches the agent's other devices); a draft saved before formatting existed, or
 * written in the plain composer, is plain text and becomes paragraphs.
 */

/** What the editor writes starts with one of its block elements. */
const EDITOR_HTML = /^<(p|ul|ol|blockquote|img|h[1-6]|pre|hr)[\s>/]/;

export function isEditorHtml(value: string): boolean {
  return EDITOR_HTML.test(value.trimStart());
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text as editor paragraphs: blank lines part paragraphs, single line breaks stay. */
export function textToEditorHtml(text: string): string {
  if (text.trim() === '') return '';
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A draft or a sent reply's body as the editor's content. */
export function editorContentOf(value: string): string {
  if (!isEditorHtml(value)) return textToEditorHtml(value);
  // A stored (server-sanitised) body keeps its images in data-src: the editor shows them from src.
  return value.replace(/<img\b([^>]*?)\sdata-src="/g, '<img$1 src="');
}

const ATTACHMENT_URL = new RegExp(`^${API_BASE.replace(/[/.]/g, '\\$&')}${apiPaths.attachment(0).replace(/0$/, '')}(\\d+)$`);

/** The id of one of our uploaded files from its URL, or null. */
export function attachmentIdOf(url: string): number | null {
  const match = ATTACHMENT_URL.exec(url);
  return match ? Number(match[1]) : null;
}

/** The reply's inline images: uploaded files, named in the editor by URL with their name, size and type. */
export function inlineImagesOf(html: string): UploadedAttachment[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const found: UploadedAttachment[] = [];
  for (const image of doc.querySelectorAll('img')) {
    const url = image.getAttribute('src') ?? '';
    const id = attachmentIdOf(url);
    if (id === null || found.some((file) => file.id === id)) continue;
    found.push({ id, url, name: image.getAttribute('alt') || `image-${id}`, size: Number(image.getAttribute('data-size')) || 0, type: image.getAttribute('data-type') || 'image/png' });
  }
  return found;
}

/** The HTML as sent: inline images name their file as `cid:attachment-<id>` (see replyBody). */
export function htmlForSending(html: string): string {
  return html.replace(/(<img\b[^>]*?\ssrc=")([^"]*)"/g, (whole, start: string, url: string) => {
    const id = attachmentIdOf(url);
    return id === null ? whole : `${start}cid:attachment-${id}"`;
  });
}

/**
 * The plain-text part of a formatted reply, as a mail client without HTML shows it: paragraphs
 * apart, list items with a dash or their number, quotes with "> ", links with their address.
 */
export function htmlToPlainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return blocksText(doc.body).replace(/\n{3,}/g, '\n\n').trim();
}

function blocksText(parent: Element): string {
  const parts: string[] = [];
  for (const node of parent.childNodes) {
    if (!(node instanceof Element)) {
      const text = node.textContent?.trim() ?? '';
      if (text) parts.push(text);
      continue;
    }
    const tag = node.tagName.toLowerCase();
    if (tag === 'ul' || tag === 'ol') {
      const items = [...node.children].filter((child) => child.tagName.toLowerCase() === 'li');
      parts.push(items.map((item, index) => `${tag === 'ol' ? `${index + 1}.` : '-'} ${blocksText(item).replace(/\n/g, '\n  ')}`).join('\n'));
    } else if (tag === 'blockquote') {
      parts.push(
        blocksText(node)
          .split('\n')
          .map((line) => (line ? `> ${line}` : '>'))
          .join('\n'),
      );
    } else if (tag === 'img') {
      const alt = node.getAttribute('alt');
      if (alt) parts.push(`[${alt}]`);
    } else if (tag === 'hr') {
      parts.push('---');
    } else {
      parts.push(inlineText(node));
    }
  }
  return parts.filter((part) => part !== '').join('\n\n');
}

function inlineText(element: Element): string {
  let text = '';
  for (const node of element.childNodes) {
    if (!(node instanceof Element)) text += node.textContent ?? '';
    else if (node.tagName === 'BR') text += '\n';
    else if (node.tagName === 'A') {
      const label = inlineText(node);
      const href = node.getAttribute('href') ?? '';
      const address = href.replace(/^mailto:/, '');
      text += href && address !== label ? `${label} (${address})` : label;
    } else if (node.tagName === 'IMG') {
      const alt = node.getAttribute('alt');
      if (alt) text += `[${alt}]`;
    } else if (['P', 'UL', 'OL', 'BLOCKQUOTE', 'DIV'].includes(node.tagName)) text += `\n${blocksText(node)}\n`;
    else text += inlineText(node);
  }
  return text;
}

/** The agent's signature under a reply, in both parts ("-- " starts a signature in mail clients). */
export function withSignature(body: { text: string; html: string }, signature: string): { text: string; html: string } {
  const clean = signature.trim();
  if (clean === '') return body;
  const lines = clean.split('\n').map(escapeHtml).join('<br>');
  return { text: `${body.text}\n\n-- \n${clean}`, html: `${body.html}<p>-- <br>${lines}</p>` };
}

/** A sent body without the signature `withSignature` added (an undone reply comes back to be edited, not signed twice). */
export function withoutSignature(value: string, signature: string): string {
  const clean = signature.trim();
  if (clean === '') return value;
  // The server's sanitiser writes <br /> where the editor wrote <br>.
  const lines = clean.split('\n').map((line) => escapeHtml(line).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const html = new RegExp(`<p>-- <br\\s*/?>${lines.join('<br\\s*/?>')}</p>\\s*$`);
  if (html.test(value)) return value.replace(html, '');
  const text = `\n\n-- \n${clean}`;
  return value.endsWith(text) ? value.slice(0, -text.length) : value;
}
