import type { DnsCheckKind } from '../../../protocol/api/channels';
import type { ChannelConfig } from '../channel-config';

/** What the server knows of its own mail: SMTP_URL set, and the email channel's settings. */
export type MailSetup = { outgoingSmtp: boolean; channels: Pick<ChannelConfig, 'spfInclude' | 'mxHost' | 'smtpInboundPort' | 'inboundWebhookSecret'> };

/**
 * The DNS records whose value depends on server configuration that is missing, with what the
 * administrator must set. Such a value cannot work as shown (`v=spf1 … ~all`, "any mail server
 * of the domain"), so the Email page says this instead of offering it to copy.
 */
export function dnsConfigNotices({ outgoingSmtp, channels }: MailSetup): Partial<Record<DnsCheckKind, string>> {
  const notices: Partial<Record<DnsCheckKind, string>> = {};
  if (channels.spfInclude === null) {
    notices.SPF = outgoingSmtp
      ? 'The sending host could not be read from SMTP_URL. The administrator must set EMAIL_SPF_INCLUDE to the host your SPF record must include.'
      : 'This server has no outgoing mail server set up, so there is no sending host for SPF to name. The administrator must set SMTP_URL (the relay replies go out through), or EMAIL_SPF_INCLUDE to the host your SPF record must include.';
  }
  if (channels.mxHost === null) {
    if (channels.smtpInboundPort !== null) {
      notices.MX = 'This server does not know its mail host name. The administrator must set EMAIL_MX_HOST to the host name of this server’s SMTP listener; your MX record then points there.';
    } else if (channels.inboundWebhookSecret !== null) {
      notices.MX = 'Mail reaches this server through a mail provider’s inbound webhook: point MX at that provider, as its own instructions say. The administrator can set EMAIL_MX_HOST to check for it.';
    } else {
      notices.MX = 'This server receives no email yet. The administrator must set SMTP_INBOUND_PORT and EMAIL_MX_HOST (the built-in SMTP server), or INBOUND_WEBHOOK_SECRET (a mail provider’s webhook).';
    }
  }
  return notices;
}
