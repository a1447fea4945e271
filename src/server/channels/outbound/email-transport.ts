import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { smtpTransportOptions } from '../../mail/nodemailer-mailer';

/** Hands a composed email to the relay; resolves with the recipients it refused (the others took it). */
export type EmailTransport = {
  send(mail: Mail.Options): Promise<{ rejected: string[]; file: string | null }>;
  close(): void;
};

/**
 * Replies go out through SMTP_URL (the same relay as the app's own emails). Without it they are
 * written as .eml files under `mailDir`, like the app's own emails in development.
 */
export function createEmailTransport(options: { smtpUrl: string | null; mailDir: string }): EmailTransport {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(smtpTransportOptions(options.smtpUrl));
    return {
      async send(mail) {
        const info = await transport.sendMail(mail);
        return { rejected: info.rejected.map((entry) => (typeof entry === 'string' ? entry : entry.address)), file: null };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      await mkdir(options.mailDir, { recursive: true });
      const file = join(options.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message);
      return { rejected: [], file };
    },
    close: () => transport.close(),
  };
}
