import { simpleParser, type AddressObject, type Headers } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** Recipient addresses, lowercase. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL of the plain-text body, in order. */
  links: string[];
  /** Cc addresses, lowercase. */
  cc: string[];
  /** The SMTP envelope: MAIL FROM and every RCPT TO (lowercase). */
  envelope: { from: string; to: string[] };
  /** Message-ID, In-Reply-To and References as sent (with angle brackets). */
  messageId: string;
  inReplyTo: string;
  references: string[];
  /** Every header, lowercase names, as mailparser reads them. */
  headers: Headers;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** The message as it arrived (after the SMTP dot-unstuffing), e.g. to check its DKIM signature. */
  raw: Buffer;
};

/** How the sink answers RCPT TO for one address: `times` refusals (every one when omitted), then acceptance. */
export type Refusal = { code: number; message: string; times?: number };

export type SmtpSink = {
  /** Give this to the server as SMTP_URL. */
  url: string;
  /** Received and not yet taken by waitFor, oldest first. */
  messages: ReceivedMail[];
  /**
   * The first message (already received or arriving within timeoutMs) that matches, removed
   * from `messages` so that a later waitFor never returns it again.
   */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuses RCPT TO for this address (lowercase) as told, e.g. 451 (try again) or 550 (never). */
  refuse(address: string, refusal: Refusal): void;
  stop(): Promise<void>;
};

/** A real SMTP server on 127.0.0.1 (free port) that keeps every message it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const refusals = new Map<string, Refusal>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (!refusal || refusal.times === 0) {
        callback();
        return;
      }
      if (refusal.times !== undefined) refusal.times -= 1;
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const raw = new Promise<Buffer>((resolve, reject) => {
        stream.once('end', () => resolve(Buffer.concat(chunks)));
        stream.once('error', reject);
      });
      raw.then((bytes) => simpleParser(bytes).then((parsed) => ({ bytes, parsed }))).then(
        ({ bytes, parsed }) => {
          const text = parsed.text ?? '';
          messages.push({
            to: addresses(parsed.to),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text,
            html: parsed.html || '',
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
            cc: addresses(parsed.cc),
            envelope: {
              from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            },
            messageId: parsed.messageId ?? '',
            inReplyTo: parsed.inReplyTo ?? '',
            references: parsed.references === undefined ? [] : [parsed.references].flat(),
            headers: parsed.headers,
            attachments: (parsed.attachments ?? []).map((attachment) => ({
              filename: attachment.filename ?? '',
              contentType: attachment.contentType,
              content: attachment.content,
            })),
            raw: bytes,
          });
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(address && typeof address === 'object' ? address.port : 0);
    });
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = messages.findIndex(predicate);
          if (index === -1) return false;
          const [mail] = messages.splice(index, 1);
          if (!mail) return false;
          finish();
          resolve(mail);
          return true;
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`No matching email within ${timeoutMs} ms; received: ${JSON.stringify(messages.map((m) => [m.to, m.subject]))}`));
        }, timeoutMs);
        const wake = () => void check();
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        if (!check()) waiters.add(wake);
      });
    },
    refuse(address, refusal) {
      refusals.set(address.toLowerCase(), { ...refusal });
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((entry) => entry.value.map((address) => (address.address ?? '').toLowerCase()));
}
