import { simpleParser, type AddressObject } from 'mailparser';
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
};

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
  stop(): Promise<void>;
};

/** A real SMTP server on 127.0.0.1 (free port) that keeps every message it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const text = parsed.text ?? '';
          messages.push({
            to: addresses(parsed.to),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text,
            html: parsed.html || '',
            links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
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
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((entry) => entry.value.map((address) => (address.address ?? '').toLowerCase()));
}
