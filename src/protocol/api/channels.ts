import { z } from 'zod';
import type { Attachment } from '../documents';
import { emailField } from './fields';
import { idParam } from './id-fields';
import { singleLineText } from './text-fields';

/**
 * The email channel (§3 Channel: an address, its `domain.name` and the domain's verification
 * state) and the calls that manage it under `organization/channels` (§7). Verification is per
 * domain: checking one address updates every channel of the organization on that domain (§4).
 * Until its domain is VERIFIED (proven by this organization), an address neither receives nor
 * sends mail; a domain is VERIFIED for one organization at most.
 */
export const CHANNEL_VERIFICATIONS = ['PENDING', 'VERIFIED', 'FAILED'] as const;
export type ChannelVerification = (typeof CHANNEL_VERIFICATIONS)[number];

/**
 * What must be published in DNS to receive and send as an address of the domain: the
 * organization's own challenge (proof that the domain is theirs), MX, SPF and the
 * organization's own DKIM key.
 */
export const DNS_CHECK_KINDS = ['CHALLENGE', 'MX', 'SPF', 'DKIM'] as const;
export type DnsCheckKind = (typeof DNS_CHECK_KINDS)[number];

/** One DNS record the domain must publish, with what the last check found. */
export type DnsRecordCheck = {
  kind: DnsCheckKind;
  /** The record type to publish. */
  type: 'MX' | 'TXT';
  /** The DNS name to publish it at. */
  name: string;
  /** What to publish, or what the published record must contain. */
  expected: string;
  /** What the check found there (a few records at most). */
  found: string[];
  ok: boolean;
  /** Why the check failed, in a sentence; null when it passed. */
  problem: string | null;
  /**
   * Set when `expected` depends on server configuration that is missing (no outgoing SMTP, no SPF
   * include, no MX host): what the administrator must set. The value is then no value to copy.
   */
  missing_config?: string;
};

export type EmailChannel = {
  id: number;
  /** The support address, lowercase. */
  email: string;
  domain: {
    name: string;
    verification: ChannelVerification;
    /** A check of the domain's DNS records is running right now. */
    is_verifying: boolean;
    /** When the records were last checked (epoch ms), or null. */
    checked_at: number | null;
    /**
     * The records to publish, with this organization's challenge token and DKIM public key (the
     * private key never leaves the server); `found`/`ok` as of the last check.
     */
    records: DnsRecordCheck[];
  };
  created_at: number;
};

/** The `error` strings of the channel calls. */
export const CHANNEL_ERRORS = {
  /** Answered as `errors.email` with 409, for an address the organization already has (never for another organization's). */
  addressTaken: 'is already one of your support addresses',
  invalidInboundSecret: 'Invalid inbound secret.',
  notAStream: 'Send the raw message as message/rfc822, text/plain or application/octet-stream.',
} as const;

/** `POST organization/channels` (201 EmailChannel; 409 when the organization already has the address). */
export const addChannelBody = z.object({ email: emailField });
export type AddChannelBody = z.infer<typeof addChannelBody>;

/** `organization/channels/{email}` and `…/{email}/verify`. */
export const channelParams = z.object({ email: emailField });

/** Largest file an agent attaches to a reply. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * `POST attachments/?name=…`: the file itself is the body, its Content-Type the file's type.
 * Answers 201 with the attachment and its `id`, which a reply then names in `attachments`.
 */
export const uploadAttachmentQuery = z.object({
  name: singleLineText().trim().min(1, { error: 'is required' }).max(200, { error: 'is too long' }),
});
export type UploadedAttachment = Attachment & { id: number };

/** `GET attachments/{id}`: the file, to agents of its organization only. */
export const attachmentParams = z.object({ id: idParam });

/**
 * `POST channels/inbound`: a raw RFC 822 message forwarded by a mail provider's webhook, with the
 * server's inbound secret in INBOUND_SECRET_HEADER. `to` names the envelope recipients; without
 * it the message's Delivered-To, To and Cc addresses are matched against the channels.
 */
export const INBOUND_SECRET_HEADER = 'x-inbound-secret';
export const inboundQuery = z.object({
  to: z.union([emailField, z.array(emailField).max(50, { error: 'has too many addresses' })]).optional(),
});

/** What happened to a forwarded message, per organization it was addressed to. */
export type InboundDelivery =
  | { status: 'stored'; conversation_id: number; message_id: string; is_new_conversation: boolean }
  | { status: 'dropped'; reason: string };

/** `POST channels/inbound` (200). */
export type InboundResponse = { deliveries: InboundDelivery[] };
