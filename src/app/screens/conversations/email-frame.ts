/**
 * The document an email's HTML is shown in: a sandboxed iframe's srcdoc (no scripts, an opaque
 * origin) whose own Content-Security-Policy lets nothing load but inline styles and data:
 * images, plus remote images once the agent asked for them (for that message only). The policy
 * is the first thing in the document, so nothing in the mail can come before it; a second
 * policy in the mail could only narrow it.
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

/** The mail's look, kept apart from the app's theme: mail is written for a light page. */
const FRAME_STYLE = `
:root { color-scheme: light; }
html, body { margin: 0; padding: 0; background: #fff; }
body { padding: 14px 16px; color: #1f2328; font: 14px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; overflow-wrap: anywhere; }
img { max-width: 100%; height: auto; }
img:not([src]) { display: none; }
table { max-width: 100%; }
pre { white-space: pre-wrap; }
blockquote { margin: 0 0 0 4px; padding-left: 12px; border-left: 3px solid #d0d7de; color: #57606a; }
a { color: #0b57d0; }
p:first-child { margin-top: 0; }
p:last-child { margin-bottom: 0; }
`;

/** The whole srcdoc for a prepared (re-checked, image-resolved) body. */
export function emailFrameDocument(body: string, remoteImages: boolean): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${emailFrameCsp(remoteImages)}">`,
    '<meta name="referrer" content="no-referrer">',
    `<style>${FRAME_STYLE}</style></head><body>`,
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
