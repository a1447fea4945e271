/**
 * Limits of inbound mail, whichever way it arrives. The message size itself is configured
 * (INBOUND_MAX_BYTES), and so are the content workers' time limit (PARSE_TIME_LIMIT_MS); these
 * bound the work one message can cause, with HTML_LIMITS (content/clean-html.ts) for its HTML.
 */
export const INBOUND_LIMITS = {
  /** MIME parts of one message (a real one rarely has 30). */
  maxParts: 100,
  /** Multiparts and attached messages inside each other. */
  maxDepth: 10,
  /** The header block of one part. */
  maxHeaderBytes: 128 * 1024,
  /** Envelope recipients of one SMTP transaction. */
  maxRecipients: 50,
  /** A message that takes longer to arrive is given up (the sender retries later on a 4xx). */
  arrivalTimeoutMs: 60_000,
} as const;

export type RejectionKind =
  | 'TOO_LARGE'
  | 'TOO_MANY_PARTS'
  | 'TOO_DEEP'
  | 'HEADER_TOO_LARGE'
  | 'MALFORMED'
  | 'NO_SENDER'
  | 'NO_RECIPIENT'
  | 'TIMEOUT'
  | 'BUSY';

/** SMTP reply code of each rejection: 552 for size (RFC 5321 4.5.3.1.10), 451 to try again later, 554 otherwise. */
const SMTP_CODES: Record<RejectionKind, number> = {
  TOO_LARGE: 552,
  TOO_MANY_PARTS: 554,
  TOO_DEEP: 554,
  HEADER_TOO_LARGE: 552,
  MALFORMED: 554,
  NO_SENDER: 554,
  NO_RECIPIENT: 550,
  TIMEOUT: 451,
  BUSY: 451,
};

/** A message refused with a reason the sender may see (the SMTP reply or the webhook's error). */
export class InboundRejection extends Error {
  readonly responseCode: number;
  constructor(
    readonly kind: RejectionKind,
    message: string,
  ) {
    super(message);
    this.responseCode = SMTP_CODES[kind];
  }
}
