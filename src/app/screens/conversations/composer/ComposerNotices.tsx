import { useCallback } from 'react';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import type { Contact, Conversation } from '../../../../protocol/documents';
import { useAgentDirectory } from '../../../session/agent-directory';
import { CollisionNotice } from './CollisionNotice';
import { DeliveryNotice } from './DeliveryNotice';
import { TypingNotice } from './TypingNotice';
import type { Collision } from './use-collision';
import { useConversationViewers } from '../../../sync/use-presence';

type ComposerNoticesProps = { conversation: Conversation; myId: number; contact: Contact | undefined; collision: Collision };

/**
 * What the agent must know before sending: whether a reply can leave at all, who else writes
 * here, and what arrived meanwhile (§4 collision).
 */
export function ComposerNotices({ conversation, myId, contact, collision }: ComposerNoticesProps) {
  const viewers = useConversationViewers(conversation.id, myId);
  const agents = useAgentDirectory();
  const authorName = useCallback(
    (entry: LocalMessage) => {
      if (entry.agent_id !== null) return agents.get(entry.agent_id)?.name ?? 'A teammate';
      if (contact && entry.contact_id === contact.id) return contact.name || contact.email || 'the customer';
      return 'the customer';
    },
    [agents, contact],
  );
  return (
    <div className="composer-notices">
      <DeliveryNotice conversation={conversation} contact={contact} />
      <TypingNotice viewers={viewers} />
      <CollisionNotice collision={collision} authorName={authorName} />
    </div>
  );
}
