import { randomBytes } from 'node:crypto';

/** HTML nesting `depth` divs, with a line of text at the bottom (one tag a line, as mail wants short lines). */
export const nestedHtml = (depth: number) => `${'<div>\r\n'.repeat(depth)}Deep inside.\r\n${'</div>\r\n'.repeat(depth)}`;

/** HTML of `count` links, one a line: 300,000 make 14 MB. */
export const linksHtml = (count: number) => Array.from({ length: count }, (_, index) => `<a href="https://example.com/${index}">link ${index}</a>\r\n`).join('');

/** A newsletter-shaped raw message: the HTML, and a plain-text alternative when `text` is given. */
export function messageWithHtml(mail: { from: string; to: string; subject: string; html: string; text?: string }): string {
  const head = `From: ${mail.from}\r\nTo: ${mail.to}\r\nSubject: ${mail.subject}\r\nMessage-ID: <${randomBytes(8).toString('hex')}@customer.example>\r\nMIME-Version: 1.0\r\n`;
  const htmlPart = `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${mail.html}`;
  if (mail.text === undefined) return `${head}${htmlPart}\r\n`;
  return `${head}Content-Type: multipart/alternative; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${mail.text}\r\n--b1\r\n${htmlPart}\r\n--b1--\r\n`;
}
