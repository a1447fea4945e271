import { EMAIL_FRAME_STYLE } from '../../../../protocol/email-frame-style';

/**
 * The document an email's HTML is shown in: a sandboxed iframe's srcdoc (no scripts, an opaque
 * origin) whose own Content-Security-Policy lets nothing load but inline styles and data:
 * images, plus remote images once the agent asked for them (for that message only). The policy
 * is the first thing in the document, so nothing in the mail can come before it; a second
 * policy in the mail could only narrow it. A srcdoc document also inherits the app's policy
 * (both apply), which is why the app's policy admits this frame's style element by its hash,
 * style attributes and remote images (src/server/http/content-policy.ts).
 */
export function emailFrameCsp(remoteImages: boolean): string {
  return [
    "default-src 'none'",
    `img-src data:${remoteImages ? ' https: http:' : ''}`,
    "style-src 'unsafe-inline'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** The whole srcdoc for a prepared (re-checked, image-resolved) body. */
export function emailFrameDocument(body: string, remoteImages: boolean): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${emailFrameCsp(remoteImages)}">`,
    '<meta name="referrer" content="no-referrer">',
    `<style>${EMAIL_FRAME_STYLE}</style></head><body>`,
    body,
    '</body></html>',
  ].join('');
}

/** Smallest and largest height of the frame; a longer mail scrolls inside it (and the frame can be resized). */
export const FRAME_MIN_HEIGHT = 64;
export const FRAME_MAX_HEIGHT = 560;

const LINE_HEIGHT = 22.4;
const AVERAGE_CHAR_WIDTH = 7.4;
const FRAME_PADDING = 28;

/**
 * The frame's height, estimated: the parent cannot measure a sandboxed document of another
 * origin, and the document runs no script to report it. The mail's plain text, wrapped at the
 * frame's width, gives the lines; `extraHeightPx` adds what the markup adds (images, margins,
 * table rows: see prepareEmailBody). Estimated 15% long,
 * so a short mail rarely needs its scroll bar; clamped to [FRAME_MIN_HEIGHT, FRAME_MAX_HEIGHT].
 */
export function estimateFrameHeight(text: string, widthPx: number, extraHeightPx = 0): number {
  const charsPerLine = Math.max(20, Math.floor((Math.max(widthPx, 160) - 32) / AVERAGE_CHAR_WIDTH));
  const lines = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / charsPerLine)), 0);
  const estimate = (lines * LINE_HEIGHT + extraHeightPx) * 1.15 + FRAME_PADDING;
  return Math.round(Math.min(FRAME_MAX_HEIGHT, Math.max(FRAME_MIN_HEIGHT, estimate)));
}
