/**
 * The part of mailparser 3.9 (which ships no types) that the inbound pipeline and the tests'
 * SMTP sink use. mailparser is pinned: LimitedMailParser overrides processChunk, its per-node
 * hook, to count parts and nesting as they stream in.
 */
declare module 'mailparser' {
  import type { Readable, Transform } from 'node:stream';

  export interface EmailAddress {
    address?: string;
    name: string;
    group?: EmailAddress[];
  }
  export interface AddressObject {
    value: EmailAddress[];
    text: string;
    html: string;
  }
  /** Content-Type and Content-Disposition: the value and its parameters. */
  export interface StructuredHeader {
    value: string;
    params: Record<string, string>;
  }
  /** Header name (lowercase) to value: text, a list for repeated headers, a Date, addresses or structured. */
  export type HeaderValue = string | string[] | Date | AddressObject | StructuredHeader | Record<string, unknown>;
  export type Headers = Map<string, HeaderValue>;

  export interface ParsedMail {
    subject?: string;
    text?: string;
    html?: string | false;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    cc?: AddressObject | AddressObject[];
    attachments?: { filename?: string; contentType: string; content: Buffer; cid?: string }[];
    headers: Headers;
    messageId?: string;
    inReplyTo?: string;
    references?: string | string[];
  }
  export function simpleParser(source: NodeJS.ReadableStream | Buffer | string): Promise<ParsedMail>;

  export interface MailParserOptions {
    /** Longest HTML converted to text; a longer one makes the parser emit an error. */
    maxHtmlLengthToParse?: number;
    skipImageLinks?: boolean;
    skipHtmlToText?: boolean;
    skipTextToHtml?: boolean;
    skipTextLinks?: boolean;
    /** Passed to the MIME splitter: largest header block of one part (bytes). */
    maxHeadSize?: number;
    /** Passed to the MIME splitter: most parts before it fails with EMAXLEN. */
    maxChildNodes?: number;
  }

  /** An attachment as it streams: read `content`, then call `release()`. */
  export interface AttachmentData {
    type: 'attachment';
    content: Readable;
    contentType: string;
    filename?: string;
    contentDisposition?: string;
    /** Content-ID without angle brackets, for `cid:` references in the HTML. */
    cid?: string;
    related?: boolean;
    headers: Headers;
    release(): void;
  }
  /** The bodies, emitted once at the end. */
  export interface TextData {
    type: 'text';
    text?: string;
    html?: string;
    textAsHtml?: string;
  }

  /** A chunk of the MIME splitter: a new part (`node`) or content of the current one. */
  export interface SplitterNode {
    type: 'node';
    root?: boolean;
    contentType?: string;
    parentNode: SplitterNode | false;
  }
  export type SplitterChunk = SplitterNode | { type: 'data' | 'body'; value: Buffer };

  export class MailParser extends Transform {
    constructor(options?: MailParserOptions);
    /** Called for every chunk of the splitter, one at a time; an error fails the parse. */
    processChunk(data: SplitterChunk, done: (error?: Error | null) => void): void;
  }
}
