import type { AddressObject, AttachmentData, HeaderValue, Headers, StructuredHeader, TextData } from 'mailparser';
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { limitText } from '../../content/limit-text';
import { writeHashedFile } from '../attachments/attachment-store';
import { cleanDisplayName, cleanSubject, normalizeAddress, normalizeMessageId, replaceControlCharacters, type Mailbox } from '../email-address';
import { INBOUND_LIMITS, InboundRejection } from './inbound-limits';
import { readDeliveryReport } from './delivery-report';
import { LimitedMailParser } from './limited-mail-parser';
import type { ParsedAttachmentFile, ParsedEmailData, ParseEmailInput, ParseEmailResult } from './parsed-email';

/**
 * Parses a raw RFC 822 message from its spool file (mailparser), with the structural limits
 * enforced as it goes: parts and nesting (LimitedMailParser) and header size. Attachments are
 * written to `dir` as they stream, the HTML part to `dir/body.html`. A message that breaks a
 * limit or cannot be parsed answers `ok: false` with the reason the sender may see. Runs in a
 * content worker (content-jobs.ts), never on the event loop: decoding and charset conversion
 * of a large message take real time.
 */
export async function parseSpooledEmail(input: ParseEmailInput): Promise<ParseEmailResult> {
  try {
    return { ok: true, email: await parseEmail(createReadStream(input.path), input.dir) };
  } catch (error) {
    const rejection = asRejection(error);
    return { ok: false, kind: rejection.kind, message: rejection.message };
  }
}

function parseEmail(source: Readable, dir: string): Promise<ParsedEmailData> {
  return new Promise((resolve, reject) => {
    const parser = new LimitedMailParser();
    const attachments: ParsedAttachmentFile[] = [];
    const writing = new Set<Promise<void>>();
    const streams = new Set<Readable>();
    const reports: Promise<string[]>[] = [];
    let headers: Headers = new Map();
    let rawHeaderLines: { key: string; line: string }[] = [];
    let body: TextData | null = null;
    let settled = false;
    let parts = 0;

    // What was written so far stays in `dir`, which the caller removes.
    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      for (const stream of streams) stream.destroy();
      parser.destroy();
      source.destroy();
      reject(asRejection(error));
    }

    async function finish() {
      await Promise.all([...writing]);
      const reported = (await Promise.all(reports)).flat();
      if (settled) return;
      const html = body?.html ? body.html : null;
      const htmlPath = html === null ? null : join(dir, 'body.html');
      if (htmlPath !== null && html !== null) await writeFile(htmlPath, html, { flag: 'wx' });
      settled = true;
      try {
        resolve(toParsedEmail(headers, rawHeaderLines, { text: body?.text ?? '', htmlPath }, attachments, reported));
      } catch (error) {
        reject(asRejection(error));
      }
    }

    parser.on('headers', (value: Headers) => (headers = value));
    parser.on('headerLines', (lines: { key: string; line: string }[]) => (rawHeaderLines = lines));
    parser.on('data', (data: AttachmentData | TextData) => {
      if (data.type === 'text') {
        body = data;
        return;
      }
      streams.add(data.content);
      if (isDeliveryReportPart(data.contentType)) reports.push(readDeliveryReport(data.content));
      const path = join(dir, `part-${parts}`);
      parts += 1;
      const stored = writeHashedFile(data.content, path).then(
        (file) => {
          attachments.push({ ...file, path, name: attachmentName(data), contentType: data.contentType.toLowerCase(), cid: data.cid ?? null });
        },
        (error: unknown) => fail(error),
      );
      const tracked = stored.finally(() => {
        streams.delete(data.content);
        writing.delete(tracked);
        data.release();
      });
      writing.add(tracked);
    });
    parser.on('error', fail);
    parser.on('end', () => {
      finish().catch(fail);
    });
    source.on('error', (error) => fail(new InboundRejection('MALFORMED', `The message could not be read: ${error.message}`)));
    source.pipe(parser);
  });
}

function asRejection(error: unknown): InboundRejection {
  if (error instanceof InboundRejection) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && 'code' in error && error.code === 'EMAXLEN') {
    if (/child nodes/i.test(message)) return new InboundRejection('TOO_MANY_PARTS', `The message has more than ${INBOUND_LIMITS.maxParts} MIME parts.`);
    return new InboundRejection('HEADER_TOO_LARGE', `A header block is larger than ${INBOUND_LIMITS.maxHeaderBytes} bytes.`);
  }
  return new InboundRejection('MALFORMED', `The message could not be parsed: ${message.slice(0, 200)}`);
}

function isDeliveryReportPart(contentType: string): boolean {
  return /^(message\/rfc822|text\/rfc822-headers|message\/rfc822-headers|message\/global-headers)$/i.test(contentType);
}

function toParsedEmail(
  headers: Headers,
  rawLines: { key: string; line: string }[],
  body: { text: string; htmlPath: string | null },
  attachments: ParsedAttachmentFile[],
  reportedMessageIds: string[],
): ParsedEmailData {
  const from = mailboxes(headers.get('from'))[0];
  if (!from) throw new InboundRejection('NO_SENDER', 'The message has no valid From address.');
  const contentType = structured(headers.get('content-type'));
  const rawHeader = (name: string) => rawLines.find((line) => line.key === name)?.line.slice(name.length + 1).trim() ?? null;
  return {
    from,
    to: mailboxes(headers.get('to')),
    cc: mailboxes(headers.get('cc')),
    deliveredTo: [...mailboxes(headers.get('delivered-to')), ...mailboxes(headers.get('x-original-to'))].map((box) => box.address),
    subject: cleanSubject(text(headers.get('subject'))),
    messageId: normalizeMessageId(text(headers.get('message-id'))),
    inReplyTo: messageIds(headers.get('in-reply-to')),
    references: messageIds(headers.get('references')).slice(-50),
    text: limitText(body.text),
    htmlPath: body.htmlPath,
    attachments,
    reportedMessageIds,
    signals: {
      returnPath: rawHeader('return-path'),
      autoSubmitted: text(headers.get('auto-submitted')) || null,
      precedence: text(headers.get('precedence')) || null,
      contentType: (contentType?.value ?? 'text/plain').toLowerCase(),
      reportType: contentType?.params['report-type'] ?? null,
      hasListId: rawLines.some((line) => line.key === 'list-id'),
      hasAutoreplyHeader: rawLines.some((line) => line.key === 'x-autoreply' || line.key === 'x-autorespond'),
    },
  };
}

function text(value: HeaderValue | undefined): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(' ');
  return '';
}

function structured(value: HeaderValue | undefined): StructuredHeader | null {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'value' in value && typeof value.value === 'string' && 'params' in value) {
    return value as StructuredHeader;
  }
  return null;
}

/** The valid addresses of an address header (groups flattened), each once. */
function mailboxes(value: HeaderValue | undefined): Mailbox[] {
  const objects = (Array.isArray(value) ? value : [value]).filter(isAddressObject);
  const result: Mailbox[] = [];
  const visit = (entries: { address?: string; name: string; group?: unknown }[]) => {
    for (const entry of entries) {
      if (Array.isArray(entry.group)) visit(entry.group as { address?: string; name: string }[]);
      const address = entry.address ? normalizeAddress(entry.address) : null;
      if (address && !result.some((box) => box.address === address)) result.push({ address, name: cleanDisplayName(entry.name) });
    }
  };
  for (const object of objects) visit(object.value);
  return result.slice(0, 100);
}

function isAddressObject(value: unknown): value is AddressObject {
  return typeof value === 'object' && value !== null && 'value' in value && Array.isArray(value.value);
}

function messageIds(value: HeaderValue | undefined): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : [];
  return raw.map((id) => normalizeMessageId(String(id))).filter((id): id is string => id !== null);
}

/** A file name fit for storing and for a Content-Disposition: no path, no control characters. */
function attachmentName(data: AttachmentData): string {
  const raw = data.filename ?? '';
  const name = replaceControlCharacters(raw.replace(/^.*[\\/]/, ''), '')
    .trim()
    .slice(0, 200);
  if (name) return name;
  return data.contentType.toLowerCase() === 'message/rfc822' ? 'message.eml' : 'attachment';
}
