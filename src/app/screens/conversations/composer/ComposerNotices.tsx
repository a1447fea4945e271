import { useCallback } from 'react';
import type { LocalMessage } from '../../../../client-db/inbox-database';
import type { Contact } from '../../../../protocol/documents';
import { useAgentDirectory } from '../../../session/agent-directory';
import { CollisionNotice } from './CollisionNotice';
import { TypingNotice } from './TypingNotice';
import type { Collision } from './use-collision';
import { useConversationViewers } from '../../../sync/use-presence';

type ComposerNoticesProps = { conversationId: number; myId: number; contact: Contact | undefined; collision: Collision };

/** What the agent must know before sending (§4 collision): who else writes here, and what arrived meanwhile. */
export function ComposerNotices({ conversationId, myId, contact, collision }: ComposerNoticesProps) {
  const viewers = useConversationViewers(conversationId, myId);
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
      <TypingNotice viewers={viewers} />
      <CollisionNotice collision={collision} authorName={authorName} />
    </div>
  );
}
