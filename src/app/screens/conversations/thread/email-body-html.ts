import { attachmentApiPath } from './attachment-files';

export type EmailImageSources = {
  /** The agent asked to load this message's remote (http/https) images. */
  remote: boolean;
  /** Our own attachments shown inline (`cid:` parts), fetched with the token, as data: URLs by their URL. */
  inline: ReadonlyMap<string, string>;
};

export type PreparedEmailBody = {
  /** The body's HTML, for the frame's srcdoc. */
  html: string;
  /** Remote images in the mail (shown only once the agent asks). */
  remoteImages: number;
  /** URLs of our attachments the mail shows inline (`cid:` parts). */
  inlineImages: string[];
  /**
   * Height the text alone does not show, for the frame's estimate: the images shown now (their
   * declared height), the margins of paragraphs, quotes and lists, the padding of table rows.
   */
  extraHeight: number;
};

/** Never in a mail's body, whatever the server stored: dropped with their content. */
const DROPPED = 'script, style, link, meta, base, iframe, frame, frameset, object, embed, applet, form, input, button, textarea, select, svg, math, template, noscript, audio, video, source, track, portal';
const LINK_SCHEMES = /^(https?:|mailto:|tel:)/i;
const RASTER_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i;
const DEFAULT_IMAGE_HEIGHT = 120;
const MAX_IMAGE_HEIGHT = 400;
const BLOCK_MARGIN = 14;
const ROW_PADDING = 12;

/**
 * Readies the server-sanitised HTML of an email for its frame, checking it again on the way
 * (the frame's sandbox and policy are the other two locks): parsed with DOMParser, whose
 * document runs nothing and loads nothing; anything active is dropped, links keep only
 * http(s), mailto and tel and open in a new tab, and images take their `data-src` as `src`
 * only when allowed: data: images at once, our own inline attachments once fetched, remote ones
 * only after the agent asked.
 */
export function prepareEmailBody(html: string, images: EmailImageSources): PreparedEmailBody {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
  for (const element of [...doc.body.querySelectorAll(DROPPED)]) element.remove();
  for (const element of doc.body.querySelectorAll('*')) {
    for (const name of element.getAttributeNames()) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || ['srcset', 'action', 'formaction', 'background', 'ping', 'xlink:href', 'srcdoc'].includes(lower)) {
        element.removeAttribute(name);
      }
    }
  }
  for (const link of doc.body.querySelectorAll('a')) {
    const href = link.getAttribute('href')?.trim() ?? '';
    link.removeAttribute('href');
    if (LINK_SCHEMES.test(href)) {
      link.setAttribute('href', href);
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
  }
  let remoteImages = 0;
  let imageHeight = 0;
  const inlineImages = new Set<string>();
  for (const image of doc.body.querySelectorAll('img')) {
    const address = (image.getAttribute('data-src') ?? '').trim();
    image.removeAttribute('src');
    image.removeAttribute('data-src');
    let src: string | null = null;
    if (RASTER_DATA_URL.test(address)) src = address;
    else if (attachmentApiPath(address)) {
      inlineImages.add(address);
      src = images.inline.get(address) ?? null;
    } else if (/^https?:\/\//i.test(address)) {
      remoteImages += 1;
      if (images.remote) src = address;
    }
    if (src === null) continue;
    image.setAttribute('src', src);
    const declared = Number.parseInt(image.getAttribute('height') ?? '', 10);
    imageHeight += Math.min(MAX_IMAGE_HEIGHT, Number.isFinite(declared) && declared > 0 ? declared : DEFAULT_IMAGE_HEIGHT);
  }
  const blocks = doc.body.querySelectorAll('p, blockquote, ul, ol, table, h1, h2, h3, h4, h5, h6, hr, pre').length;
  const rows = doc.body.querySelectorAll('tr').length;
  return { html: doc.body.innerHTML, remoteImages, inlineImages: [...inlineImages], extraHeight: imageHeight + blocks * BLOCK_MARGIN + rows * ROW_PADDING };
}
