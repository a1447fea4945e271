import { LAST_CONVERSATIONS } from '../../protocol/api/contact-requests';
import type { Db } from '../db/database';

/** A contact's latest conversations on the server (§3 `last_conversations`): one range of conversations_contact_index. */
export function lastConversationsQuery(db: Db, orgId: number, contactId: number) {
  return db
    .selectFrom('conversations')
    .select(['id', 'subject', 'status', 'last_update_ts'])
    .where('org_id', '=', orgId)
    .where('contact_id', '=', contactId)
    .where('merged_into', 'is', null)
    .orderBy('last_update_ts', 'desc')
    .orderBy('id', 'desc')
    .limit(LAST_CONVERSATIONS);
}
