/**
 * The style sheet of the frame an email is shown in (src/app/screens/conversations/email-frame.ts):
 * the mail's look, kept apart from the app's theme, because mail is written for a light page.
 * The frame is a srcdoc document, so it inherits the app's content policy as well as carrying
 * its own; the server allows exactly this style element, by its hash, in the app's policy
 * (src/server/http/content-policy.ts). Any change to the text changes the hash on both sides.
 */
export const EMAIL_FRAME_STYLE = `
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
