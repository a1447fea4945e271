import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from './mailer';

export type MailQueue = {
  /** Sends in the background: the caller's answer never waits on, or fails with, the mail. */
  enqueue(message: MailMessage): void;
  /** Resolves once every message enqueued so far is sent or has failed. */
  drain(): Promise<void>;
};

/**
 * Answers must not depend on mail: waiting for SMTP would make lost-password slower for known
 * addresses than for unknown ones, and an SMTP outage must not turn into 500s.
 */
export function createMailQueue(mailer: Mailer, log: FastifyBaseLogger): MailQueue {
  const inFlight = new Set<Promise<void>>();
  return {
    enqueue(message) {
      const sending = mailer.send(message).then(
        (receipt) => {
          if (receipt.file) {
            log.info({ to: message.to, subject: message.subject, link: message.link, file: receipt.file }, 'Email written to file');
          } else {
            log.info({ to: message.to, subject: message.subject }, 'Email sent');
          }
        },
        (error: unknown) => {
          log.error({ err: error, to: message.to, subject: message.subject }, 'Email could not be sent');
        },
      );
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    },
    async drain() {
      await Promise.all([...inFlight]);
    },
  };
}
