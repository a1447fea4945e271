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
/** The window reading_time looks at: conversations created in the last 30 days. */
export const READING_TIME_WINDOW_MS = 30 * 86_400_000;

/**
 * reading_time: the median, over the organization's conversations created in the last 30 days
 * that an agent has read, of the seconds from the conversation's creation (its first customer
 * message) to the first time an agent read it (`first_read_at`); null when none was read. Two
 * small queries on both dialects: the count, then the one or two middle values by offset.
 */
export async function readingTime(db: Db, orgId: number, now: number): Promise<number | null> {
  const read = () =>
    db
      .selectFrom('conversations')
      .where('org_id', '=', orgId)
      .where('merged_into', 'is', null)
      .where('created_at', '>=', now - READING_TIME_WINDOW_MS)
      .where('first_read_at', 'is not', null);
  const counted = await read().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  const count = Number(counted?.n ?? 0);
  if (count === 0) return null;
  const middle = await read()
    .select(sql<number | string>`first_read_at - created_at`.as('wait'))
    .orderBy('wait')
    .limit(count % 2 === 0 ? 2 : 1)
    .offset(Math.floor((count - 1) / 2))
    .execute();
  const waits = middle.map((row) => Math.max(0, Number(row.wait)));
  return Math.round(waits.reduce((sum, wait) => sum + wait, 0) / waits.length / 1000);
}

/**
 * `GET conversations/status` (§3 Statistics): unread conversations per inbox key, counted in one
 * pass over the organization's unread conversations (one sum per inbox, the same predicate as
 * the list), and when the first conversation arrived. `complete` adds reading_time, which scans
 * the last 30 days' conversations (docs/decisions.md "Statistics: complete=true adds the reading
 * time"); without it reading_time is null.
 */
export async function conversationStatistics(
  db: Db,
  dialect: DialectName,
  orgId: number,
  agent: AgentRow,
  options: { complete: boolean; now: number } = { complete: false, now: 0 },
): Promise<ConversationStatistics> {
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
    reading_time: options.complete ? await readingTime(db, orgId, options.now) : null,
  };
}
