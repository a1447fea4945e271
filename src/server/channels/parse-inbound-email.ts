import type { AddressObject, AttachmentData, HeaderValue, Headers, StructuredHeader, TextData } from 'mailparser';
import type { Readable } from 'node:stream';
import type { AttachmentStore, PendingFile } from './attachment-store';
import { cleanDisplayName, cleanSubject, normalizeAddress, normalizeMessageId, replaceControlCharacters, type Mailbox } from './email-address';
import { INBOUND_LIMITS, InboundRejection } from './inbound-limits';
import { readDeliveryReport } from './delivery-report';
import { LimitedMailParser } from './limited-mail-parser';

export type ParsedAttachment = { file: PendingFile; name: string; contentType: string; cid: string | null };

/** An inbound message, parsed and checked; its attachments wait in the store until stored or discarded. */
export type ParsedEmail = {
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  /** Delivered-To and X-Original-To: where a forwarding provider says it delivered the copy. */
  deliveredTo: string[];
  subject: string;
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  text: string;
  /** The HTML body as received (sanitised when stored), or null. */
  html: string | null;
  attachments: ParsedAttachment[];
  /** Message-IDs named in a delivery report's returned headers: the mail that bounced. */
  reportedMessageIds: string[];
  signals: {
    returnPath: string | null;
    autoSubmitted: string | null;
    precedence: string | null;
    contentType: string;
    reportType: string | null;
    hasListId: boolean;
    hasAutoreplyHeader: boolean;
  };
  size: number;
};

/** Discards the attachments of a message that will not be stored. */
export async function discardParsedEmail(email: Pick<ParsedEmail, 'attachments'>): Promise<void> {
  await Promise.all(email.attachments.map((attachment) => attachment.file.discard()));
}

/**
 * Parses a raw RFC 822 message as it streams in (mailparser), with every limit enforced on the
 * way: bytes (TOO_LARGE as soon as the limit is passed), parts and nesting (LimitedMailParser),
 * header size, and time. Attachments stream to temporary files. Rejects with an
 * InboundRejection, never anything else, and leaves no file behind then. After a rejection
 * the rest of `source` is still read (and dropped), so an SMTP session can answer at its end.
 */
export function parseInboundEmail(source: Readable, options: { maxBytes: number; store: AttachmentStore }): Promise<ParsedEmail> {
  return new Promise((resolve, reject) => {
    const parser = new LimitedMailParser();
    const attachments: ParsedAttachment[] = [];
    const writing = new Set<Promise<void>>();
    const streams = new Set<Readable>();
    const reports: Promise<string[]>[] = [];
    let headers: Headers = new Map();
    let rawHeaderLines: { key: string; line: string }[] = [];
    let body: TextData | null = null;
    let size = 0;
    let settled = false;

    const timer = setTimeout(() => fail(new InboundRejection('TIMEOUT', 'The message took too long to parse.')), INBOUND_LIMITS.parseTimeoutMs);

    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      for (const stream of streams) stream.destroy();
      parser.destroy();
      source.resume();
      const rejection = asRejection(error);
      void Promise.allSettled([...writing]).then(() => discardParsedEmail({ attachments })).finally(() => reject(rejection));
    }

    async function finish() {
      await Promise.all([...writing]);
      const reported = (await Promise.all(reports)).flat();
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        resolve(toParsedEmail(headers, rawHeaderLines, body, attachments, reported, size));
      } catch (error) {
        await discardParsedEmail({ attachments });
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
      const stored = options.store.receive(data.content).then(
        (file) => {
          if (settled) return file.discard();
          attachments.push({ file, name: attachmentName(data), contentType: data.contentType.toLowerCase(), cid: data.cid ?? null });
          return undefined;
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

    source.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > options.maxBytes) {
        fail(new InboundRejection('TOO_LARGE', `The message is larger than ${options.maxBytes} bytes.`));
        return;
      }
      if (!parser.write(chunk)) {
        source.pause();
        parser.once('drain', () => source.resume());
      }
    });
    source.on('end', () => {
      if (!settled) parser.end();
    });
    source.on('error', (error) => fail(new InboundRejection('MALFORMED', `The message could not be read: ${error.message}`)));
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
  body: TextData | null,
  attachments: ParsedAttachment[],
  reportedMessageIds: string[],
  size: number,
): ParsedEmail {
  const from = mailboxes(headers.get('from'))[0];
  if (!from) throw new InboundRejection('NO_SENDER', 'The message has no valid From address.');
  const contentType = structured(headers.get('content-type'));
  const rawHeader = (name: string) => rawLines.find((line) => line.key === name)?.line.slice(name.length + 1).trim() ?? null;
  const html = body?.html ? body.html : null;
  return {
    from,
    to: mailboxes(headers.get('to')),
    cc: mailboxes(headers.get('cc')),
    deliveredTo: [...mailboxes(headers.get('delivered-to')), ...mailboxes(headers.get('x-original-to'))].map((box) => box.address),
    subject: cleanSubject(text(headers.get('subject'))),
    messageId: normalizeMessageId(text(headers.get('message-id'))),
    inReplyTo: messageIds(headers.get('in-reply-to')),
    references: messageIds(headers.get('references')).slice(-50),
    text: body?.text ?? '',
    html,
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
    size,
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
