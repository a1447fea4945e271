import { sql } from 'kysely';
import type { ConversationStatistics } from '../../protocol/documents';
import { DEFAULT_INBOX_QUERY, type InboxQuery } from '../../protocol/inbox-query/inbox-query';
import { parseInboxQuery } from '../../protocol/inbox-query/parse-inbox-query';
import { defaultCustomInbox } from '../../protocol/api/custom-inboxes';
import { toAgent } from '../agents/agent-model';
import type { AgentRow } from '../agents/agent-tables';
import type { Db } from '../db/database';
import type { DialectName } from '../db/open-database';
import { inboxListWhere } from './inbox-query-sql';
import { inboxTimeZone } from './inbox-time-zone';

/** The key of the default inbox in `statistics` (§9 "the default inbox is unread-counted"). */
export const DEFAULT_INBOX_KEY = 'default';

/**
 * The inboxes an agent's statistics count, by key: each custom inbox (§3 `custom_inboxes`), and
 * `default`, whose query is the custom inbox chosen as default ("Use as my default") or §2's
 * built-in default inbox. A saved query that no
 * longer parses is left out.
 */
export function statisticsInboxes(agent: AgentRow): Map<string, InboxQuery> {
  const inboxes = new Map<string, InboxQuery>();
  const custom = toAgent(agent, agent.id).custom_inboxes;
  for (const inbox of custom) {
    const parsed = parseInboxQuery(inbox.query);
    if (parsed.ok) inboxes.set(inbox.key, parsed.query);
  }
  const chosen = defaultCustomInbox(custom);
  const first = chosen === undefined ? null : parseInboxQuery(chosen.query);
  const fallback = parseInboxQuery(DEFAULT_INBOX_QUERY);
  const defaultQuery = first?.ok ? first.query : fallback.ok ? fallback.query : { terms: [], order: null };
  // Set last: a custom inbox keyed `default` does not replace the default inbox's count.
  inboxes.delete(DEFAULT_INBOX_KEY);
  inboxes.set(DEFAULT_INBOX_KEY, defaultQuery);
  return inboxes;
}

/**
 * `GET conversations/status` (§3 Statistics): unread conversations per inbox key, counted in one
 * pass over the organization's unread conversations (one sum per inbox, the same predicate as
 * the list), when the first conversation arrived, and the reading time (not measured yet: null).
 */
export async function conversationStatistics(db: Db, dialect: DialectName, orgId: number, agent: AgentRow): Promise<ConversationStatistics> {
  const inboxes = [...statisticsInboxes(agent).entries()];
  const timeZone = await inboxTimeZone(db, orgId, inboxes.flatMap(([, query]) => query.terms));
  const counts = await db
    .selectFrom('conversations')
    .innerJoin('contacts', 'contacts.id', 'conversations.contact_id')
    .select((eb) =>
      inboxes.map(([, query], index) => {
        const where = inboxListWhere(eb, query, { dialect, me: agent.id, timeZone });
        return sql<number | string>`coalesce(sum(case when ${where} then 1 else 0 end), 0)`.as(`c${index}`);
      }),
    )
    .where('conversations.org_id', '=', orgId)
    .where('conversations.is_unread', '=', 1)
    .executeTakeFirst();
  const statistics: Record<string, number> = {};
  const values = (counts ?? {}) as Record<string, number | string | null>;
  inboxes.forEach(([key], index) => {
    statistics[key] = Number(values[`c${index}`] ?? 0);
  });
  const first = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  const firstConversation = first?.first ?? null;
  return {
    statistics,
    first_conversation: firstConversation === null ? null : Number(firstConversation),
    reading_time: null,
  };
}
