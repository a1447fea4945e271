import type { ConversationPage } from '../../protocol/api/conversation-requests';
import { CONVERSATION_PAGE_SIZE } from '../../protocol/constants';
import { DEFAULT_INBOX_QUERY } from '../../protocol/inbox-query/inbox-query';
import { parseInboxQuery } from '../../protocol/inbox-query/parse-inbox-query';
import { toAgent } from '../agents/agent-model';
import type { AgentRow } from '../agents/agent-tables';
import { toContact } from '../contacts/contact-model';
import type { Db } from '../db/database';
import { toMessage } from '../messages/message-model';
import { threadMessagesQuery } from '../messages/message-queries';
import type { FirstScreenReader } from '../realtime/first-screen';
import type { BootstrapFrame, SentSoFar } from '../realtime/organization-documents';
import { toConversation } from './conversation-model';
import { listConversations } from './conversation-queries';
import { conversationStatistics } from './conversation-statistics';

/** §2: the default inbox is the first custom inbox, or DEFAULT_INBOX_QUERY (`assigned:me,none is:opened order:newest`). */
export function defaultInboxText(agent: AgentRow): string {
  const first = toAgent(agent, agent.id).custom_inboxes[0];
  return first && parseInboxQuery(first.query).ok ? first.query : DEFAULT_INBOX_QUERY;
}

async function contactsOf(db: Db, orgId: number, ids: readonly number[], sent: SentSoFar): Promise<BootstrapFrame[]> {
  const wanted = [...new Set(ids)].filter((id) => !sent.contacts.has(id));
  if (wanted.length === 0) return [];
  const rows = await db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('id', 'in', wanted).execute();
  for (const row of rows) sent.contacts.add(row.id);
  return rows.length === 0 ? [] : [{ action: 'fetch', col: 'contacts', documents: rows.map(toContact) }];
}

/**
 * The first screen's conversations, after the tags (tags-module.ts): the default inbox's first
 * page (§9: 25) with its contacts, PAINT; the unread counts, PAINT; then the open conversation
 * with its contact and messages, and PAINT again.
 */
export async function* inboxFirstScreen(reader: FirstScreenReader, sent: SentSoFar): AsyncGenerator<BootstrapFrame> {
  const { db, dialect, orgId, agent, open } = reader;
  let page: ConversationPage = { conversations: [], next_cursor: null };
  try {
    page = await listConversations(db, dialect, { orgId, agentId: agent.id, query: { search: defaultInboxText(agent), limit: CONVERSATION_PAGE_SIZE } });
  } catch {
    // A saved query the server refuses leaves the first screen empty; the rest still follows.
  }
  yield* await contactsOf(db, orgId, page.conversations.map((c) => c.contact_id), sent);
  if (page.conversations.length > 0) yield { action: 'fetch', col: 'conversations', documents: page.conversations };
  for (const conversation of page.conversations) sent.conversations.add(conversation.id);
  yield { action: 'PAINT' };
  // The counts read every unread conversation: after the rows, which need only their page.
  const { statistics } = await conversationStatistics(db, dialect, orgId, agent);
  yield { action: 'COUNTS', document: statistics };
  yield { action: 'PAINT' };

  if (open === null) return;
  const conversation = await db.selectFrom('conversations').selectAll().where('org_id', '=', orgId).where('id', '=', open).executeTakeFirst();
  if (!conversation) return;
  yield* await contactsOf(db, orgId, [conversation.contact_id], sent);
  if (!sent.conversations.has(conversation.id)) {
    yield { action: 'fetch', col: 'conversations', documents: [toConversation(conversation)] };
    sent.conversations.add(conversation.id);
  }
  const messages = await threadMessagesQuery(db, orgId, [open]).execute();
  if (messages.length > 0) yield { action: 'fetch', col: 'messages', documents: messages.map(toMessage) };
  sent.messagesOf.add(open);
  yield { action: 'PAINT' };
}
