import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Mailer, MailMessage } from './mailer';

export type NodemailerMailerOptions = {
  from: string;
  /** null writes every message as an .eml file under mailDir. */
  smtpUrl: string | null;
  mailDir: string;
};

export function createNodemailerMailer(options: NodemailerMailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.from, options.smtpUrl) : fileMailer(options.from, options.mailDir);
}

function smtpMailer(from: string, smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpTransportOptions(smtpUrl));
  return {
    async send(message) {
      await transport.sendMail(envelope(from, message));
      return { file: null };
    },
    close: () => transport.close(),
  };
}

/** A relay on loopback (a local MTA or a test sink) needs no TLS; anything else may use it. */
export function smtpTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || (isIP(host) !== 0 && /^(127\.|::1$)/.test(host));
  const secure = url.protocol === 'smtps:';
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ignoreTLS: loopback && !secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

function fileMailer(from: string, mailDir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(from, message));
      await mkdir(mailDir, { recursive: true });
      const file = join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message);
      return { file };
    },
    close: () => transport.close(),
  };
}

function envelope(from: string, message: MailMessage) {
  return { from, to: message.to, subject: message.subject, text: message.text, html: message.html };
}
