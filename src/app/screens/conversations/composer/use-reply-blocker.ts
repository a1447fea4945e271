import { useEffect, useState } from 'react';
import type { EmailChannel } from '../../../../protocol/api/channels';
import { apiPaths } from '../../../../protocol/api/routes';
import type { Contact, Conversation } from '../../../../protocol/documents';
import { replyBlocker, type ReplyBlocker, type SendingAddress } from '../../../../protocol/reply-delivery';
import { useApi } from '../../../api/api-context';

/**
 * What keeps this conversation's replies from leaving, by the rules the server's delivery uses
 * (src/protocol/reply-delivery.ts), over the organization's support addresses as the server lists
 * them: read when the conversation opens and again when the tab comes back to the front or back
 * online (an address added or verified meanwhile, perhaps in another tab). Null when nothing
 * does, and while the addresses are not known (offline before the first answer): the notice then
 * stays away rather than guess.
 */
export function useReplyBlocker(conversation: Conversation, contact: Contact | undefined): ReplyBlocker | null {
  const api = useApi();
  const isEmail = conversation.channel === 'EMAIL';
  const [addresses, setAddresses] = useState<SendingAddress[] | null>(null);
  useEffect(() => {
    if (!isEmail) return;
    let controller = new AbortController();
    const load = () => {
      controller.abort();
      controller = new AbortController();
      const { signal } = controller;
      api.get<EmailChannel[]>(apiPaths.channels, signal).then(
        (channels) => {
          if (!signal.aborted) setAddresses(channels.map(sendingAddress));
        },
        // Offline or refused: what was known stays, and the server still decides at delivery.
        () => undefined,
      );
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') load();
    };
    load();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', load);
    return () => {
      controller.abort();
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', load);
    };
  }, [api, isEmail]);
  if (!isEmail || addresses === null) return null;
  const recipients = contact === undefined ? null : [contact.email ?? '', ...conversation.recipients.map((recipient) => recipient.from)];
  return replyBlocker({ channel: conversation.channel, channelId: conversation.channel_id, addresses, recipients });
}

function sendingAddress(channel: EmailChannel): SendingAddress {
  return { id: channel.id, email: channel.email, domain: channel.domain.name, verified: channel.domain.verification === 'VERIFIED' };
}
