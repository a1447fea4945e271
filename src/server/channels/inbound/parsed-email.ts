import type { CleanHtml } from '../../content/clean-html';
import type { HashedFile, PendingFile } from '../attachments/attachment-store';
import type { AutomaticSignals } from './automatic-mail';
import type { Mailbox } from '../email-address';
import type { RejectionKind } from './inbound-limits';

/** A message spooled to a file, and the directory its parts are written to (AttachmentStore.workDir). */
export type ParseEmailInput = { path: string; dir: string };

export type ParsedAttachmentFile = HashedFile & { path: string; name: string; contentType: string; cid: string | null };

/** An inbound message as the parse job returns it: plain data, its attachments and HTML in files of `dir`. */
export type ParsedEmailData = {
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  /** Delivered-To and X-Original-To: where a forwarding provider says it delivered the copy. */
  deliveredTo: string[];
  subject: string;
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  /** The plain-text part (cut to limitText's length), or '' when there is none. */
  text: string;
  /** The file holding the HTML part as received, or null when there is none. */
  htmlPath: string | null;
  attachments: ParsedAttachmentFile[];
  /** Message-IDs named in a delivery report's returned headers: the mail that bounced. */
  reportedMessageIds: string[];
  /** The headers that tell mail written by a machine (the envelope adds the rest). */
  signals: Omit<AutomaticSignals, 'envelopeFrom' | 'from'>;
};

export type ParseEmailResult = { ok: true; email: ParsedEmailData } | { ok: false; kind: RejectionKind; message: string };

export type ParsedAttachment = { file: PendingFile; name: string; contentType: string; cid: string | null };

/** An inbound message, parsed, cleaned and checked; its attachments wait in the store until stored or discarded. */
export type ParsedEmail = Omit<ParsedEmailData, 'text' | 'htmlPath' | 'attachments'> & {
  /** The text to store, and the sanitised HTML (its `cid:` images as references, see resolveCidReferences). */
  body: CleanHtml;
  attachments: ParsedAttachment[];
  size: number;
};

/** Discards the attachments of a message that will not be stored. */
export async function discardParsedEmail(email: Pick<ParsedEmail, 'attachments'>): Promise<void> {
  await Promise.all(email.attachments.map((attachment) => attachment.file.discard()));
}
