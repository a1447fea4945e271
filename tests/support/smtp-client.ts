import { connect, type Socket } from 'node:net';

/** A reply: its code, its last line's text and the text of every line (EHLO lists extensions). */
export type SmtpReply = { code: number; text: string; lines: string[] };

export type SmtpSession = {
  /** The greeting. */
  readonly greeting: Promise<SmtpReply>;
  /** Sends one command line and resolves with the (last line of the) reply. */
  command(line: string): Promise<SmtpReply>;
  /**
   * DATA, then the bytes as they are (dot-stuffed) and the terminating dot: the reply to the
   * message. `onSent` is called once the whole message is written, before the reply.
   */
  data(message: Buffer | string, onSent?: () => void): Promise<SmtpReply>;
  /** QUIT and close. */
  close(): Promise<void>;
};

/**
 * A bare SMTP client on a raw socket, for what a well-behaved client like nodemailer will not
 * send: broken MIME, binary garbage, a SIZE it lies about. One command at a time.
 */
export function openSmtpSession(port: number, host = '127.0.0.1'): SmtpSession {
  const socket: Socket = connect(port, host);
  let buffer = '';
  let lines: string[] = [];
  let waiting: ((reply: SmtpReply) => void) | null = null;
  const pending: SmtpReply[] = [];
  const deliver = (reply: SmtpReply) => {
    if (waiting) {
      const wake = waiting;
      waiting = null;
      wake(reply);
    } else pending.push(reply);
  };
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    let index: number;
    while ((index = buffer.indexOf('\r\n')) !== -1) {
      const line = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      // "250-…" continues a multi-line reply; "250 …" ends it.
      if (/^\d{3}-/.test(line)) lines.push(line.slice(4));
      else if (/^\d{3}( |$)/.test(line)) {
        deliver({ code: Number(line.slice(0, 3)), text: line.slice(4), lines: [...lines, line.slice(4)] });
        lines = [];
      }
    }
  });
  const next = (timeoutMs = 20_000) =>
    new Promise<SmtpReply>((resolve, reject) => {
      const ready = pending.shift();
      if (ready) {
        resolve(ready);
        return;
      }
      const timer = setTimeout(() => reject(new Error('No SMTP reply in time')), timeoutMs);
      waiting = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
    });
  const greeting = next();
  const write = (bytes: Buffer | string) => new Promise<void>((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve())));

  return {
    greeting,
    async command(line) {
      await greeting;
      await write(`${line}\r\n`);
      return next();
    },
    async data(message, onSent) {
      const start = await this.command('DATA');
      if (start.code !== 354) return start;
      const bytes = Buffer.isBuffer(message) ? message : Buffer.from(message, 'utf8');
      // Dot-stuffing: a line starting with '.' gets another one.
      const stuffed = Buffer.from(bytes.toString('latin1').replace(/(^|\r\n)\./g, '$1..'), 'latin1');
      const ending = stuffed.subarray(-2).toString('latin1') === '\r\n' ? '.\r\n' : '\r\n.\r\n';
      await write(stuffed);
      await write(ending);
      onSent?.();
      return next(60_000);
    },
    async close() {
      try {
        await write('QUIT\r\n');
      } catch {
        // Already closed by the server.
      }
      socket.end();
      await new Promise<void>((resolve) => {
        if (socket.closed) resolve();
        else socket.once('close', () => resolve());
      });
    },
  };
}
