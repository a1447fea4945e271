import { randomBytes } from 'node:crypto';
import { uid } from './server-suite';

/** What the inbox must do with a message: store it, or refuse it with this SMTP code and reason. */
export type Outcome = { stored: true; subject: string } | { stored: false; code: number; kind: string };

export type CorpusEntry = { name: string; message: Buffer; outcome: Outcome };

const crlf = (lines: string[]) => lines.join('\r\n');

/**
 * Broken and hostile MIME, generated: each entry is a message an SMTP client could send, and
 * what the inbox must make of it. Limits of the inbox (INBOUND_LIMITS): 100 parts, nesting 10,
 * 128 KiB of headers per part.
 */
export function brokenMimeCorpus(from: string, to: string): CorpusEntry[] {
  const head = (subject: string, extra: string[] = []) => [`From: ${from}`, `To: ${to}`, `Subject: ${subject}`, `Message-ID: <${uid()}@corpus.example>`, ...extra];
  const entries: CorpusEntry[] = [];
  const stored = (name: string, subject: string, body: (subject: string) => string) =>
    entries.push({ name, message: Buffer.from(body(subject), 'latin1'), outcome: { stored: true, subject } });
  const refused = (name: string, message: Buffer | string, code: number, kind: string) =>
    entries.push({ name, message: Buffer.isBuffer(message) ? message : Buffer.from(message, 'latin1'), outcome: { stored: false, code, kind } });

  stored('an unterminated multipart', `Unterminated ${uid()}`, (subject) =>
    crlf([...head(subject, ['MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b1"']), '', '--b1', 'Content-Type: text/plain', '', 'The closing boundary never comes.', '--b1', 'Content-Type: text/plain', '', 'still going']),
  );
  stored('bad base64', `Bad base64 ${uid()}`, (subject) =>
    crlf([
      ...head(subject, ['MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b2"']),
      '',
      '--b2',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      '!!!this is *not* base64 at all%%%',
      '--b2',
      'Content-Type: application/pdf; name="broken.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      '@@@@====????',
      '--b2--',
      '',
    ]),
  );
  stored('headers only', `Headers only ${uid()}`, (subject) => crlf(head(subject)));
  stored('an unknown charset and NUL bytes', `Charset ${uid()}`, (subject) =>
    crlf([...head(subject, ['Content-Type: text/plain; charset=x-no-such-charset']), '', 'nul\u0000bytes\u0000here', '']),
  );
  stored('a multipart without boundary and a broken encoded word', `No boundary ${uid()}`, (subject) =>
    crlf([...head(subject, ['Reply-To: =?utf-8?B?!!!?= <=?x?Q?=0D=0A?=>', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed']), '', 'text that belongs to no part', '']),
  );

  let nested = 'Content-Type: text/plain\r\n\r\nthe bottom\r\n';
  for (let depth = 0; depth < 30; depth += 1) {
    const boundary = `n${depth}`;
    nested = `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n--${boundary}\r\n${nested}--${boundary}--\r\n`;
  }
  refused('nesting 30 deep', `${crlf(head(`Deep ${uid()}`, ['MIME-Version: 1.0']))}\r\n${nested}`, 554, 'TOO_DEEP');

  const parts = Array.from({ length: 3000 }, (_, index) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${index}\r\n`).join('');
  refused('3000 parts', `${crlf(head(`Parts ${uid()}`, ['MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="p"']))}\r\n\r\n${parts}--p--\r\n`, 554, 'TOO_MANY_PARTS');

  refused('binary garbage', randomBytes(20_000), 554, 'NO_SENDER');
  refused('no From', crlf([`To: ${to}`, `Subject: Anonymous ${uid()}`, '', 'Who am I?', '']), 554, 'NO_SENDER');
  refused('a 200 KB header line', crlf([...head(`Huge ${uid()} ${'x'.repeat(200_000)}`), '', 'body', '']), 552, 'HEADER_TOO_LARGE');
  return entries;
}
