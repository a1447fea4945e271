import { createHash } from 'node:crypto';
import { EMAIL_FRAME_STYLE } from '../../protocol/email-frame-style';

/**
 * The Content-Security-Policy of the app (index.html, its scripts and workers). Scripts and
 * workers come only from this origin, never inline; the page talks only to this origin
 * (`'self'` also covers ws:/wss: of the same host); nothing may frame it.
 *
 * Three allowances exist for the email frame, a srcdoc document that inherits this policy on
 * top of its own stricter one (email-frame.ts): its one style element, by hash; style
 * attributes, which formatted mail is made of (React sets its styles through the CSSOM, which no
 * policy restricts); and images from anywhere, for "Load images" (the frame's own policy keeps
 * them out until then) and for https avatars. `http:` matters only to an app served over plain
 * http: on https, a mixed-content image is upgraded before this policy is checked.
 */
export function appContentPolicy(reportUri: string | null): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' '${sha256(EMAIL_FRAME_STYLE)}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "connect-src 'self'",
    "worker-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (reportUri) directives.push(`report-uri ${reportUri}`);
  return directives.join('; ');
}

/** Every other answer (API JSON, errors, the widget's files) is data, never a page. */
export const DATA_CONTENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
