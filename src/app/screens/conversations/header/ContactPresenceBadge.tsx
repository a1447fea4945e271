import { useContactPresence } from './use-contact-presence';

/**
 * "Online now" while the contact has the chat widget open, "Left" once it went away while the
 * agent watched; nothing for a contact not seen on the chat.
 */
export function ContactPresenceBadge({ contactId }: { contactId: number }) {
  const presence = useContactPresence(contactId);
  return (
    <span className={`contact-presence contact-presence--${presence}`} role="status" data-testid="contact-presence">
      {presence === 'live' ? 'Online now' : presence === 'left' ? 'Left' : ''}
    </span>
  );
}
