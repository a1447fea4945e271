/** An email ready to send. `link` is its call to action, logged when mail goes to files. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
};

/** Where a message went: an .eml file in development, or null when handed to SMTP. */
export type MailReceipt = { file: string | null };

export interface Mailer {
  /** Rejects when the message could not be handed over. */
  send(message: MailMessage): Promise<MailReceipt>;
  close(): void;
}
