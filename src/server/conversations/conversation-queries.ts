import type { ConversationListQuery, ConversationPage } from '../../protocol/api/conversation-requests';
import type { InboxTerm } from '../../protocol/inbox-query/inbox-query';
import { inboxOrder } from '../../protocol/inbox-query/match-inbox-query';
import { parseInboxQuery } from '../../protocol/inbox-query/parse-inbox-query';
import type { ConversationRow } from './conversation-tables';
import type { Db } from '../db/database';
import type { DialectName } from '../db/open-database';
import { fieldError } from '../http/http-error';
import { decodeConversationCursor, encodeConversationCursor, type ConversationOrder } from './conversation-cursor';
import { toConversation } from './conversation-model';
import { inboxListWhere, inboxQueryWhere } from './inbox-query-sql';
import { inboxTimeZone } from './inbox-time-zone';

/** A conversation of this organization; another organization's id, and a merged one, are as missing as an unknown one. */
export function findConversationRow(db: Db, orgId: number, id: number): Promise<ConversationRow | undefined> {
  return db.selectFrom('conversations').selectAll().where('org_id', '=', orgId).where('id', '=', id).where('merged_into', 'is', null).executeTakeFirst();
}

type ListOptions = { orgId: number; agentId: number; query: Omit<ConversationListQuery, 'limit'> & { limit: number } };

/** The `status` and `assignee` parameters that predate the query language, as its terms. */
function legacyTerms({ status, assignee }: Pick<ConversationListQuery, 'status' | 'assignee'>): InboxTerm[] {
  const terms: InboxTerm[] = [];
  if (status) terms.push({ kind: 'is', negated: false, values: [status] });
  if (assignee) terms.push({ kind: 'assigned', negated: false, values: [assignee === 'me' || assignee === 'none' ? assignee : Number(assignee)] });
  return terms;
}

/** A page of the organization's conversations, filtered and ordered, with the cursor of the next page. */
export async function listConversations(db: Db, dialect: DialectName, { orgId, agentId, query }: ListOptions): Promise<ConversationPage> {
  const parsed = parseInboxQuery(query.search ?? '');
  if (!parsed.ok) throw fieldError('search', parsed.error.message);
  // The `order` parameter wins over the query's `order:` term.
  const order: ConversationOrder = query.order ?? inboxOrder(parsed.query);
  const cursor = query.cursor === undefined ? null : decodeConversationCursor(query.cursor, order);
  if (query.cursor !== undefined && cursor === null) throw fieldError('cursor', 'is invalid');

  let select = db
    .selectFrom('conversations')
    .innerJoin('contacts', 'contacts.id', 'conversations.contact_id')
    .selectAll('conversations')
    .where('conversations.org_id', '=', orgId)
    .where('conversations.merged_into', 'is', null);
  const terms = [...legacyTerms(query), ...parsed.query.terms];
  const context = { dialect, me: agentId, timeZone: await inboxTimeZone(db, orgId, terms) };
  // An inbox query (`search`) lists as the inbox does, snoozed conversations apart; a plain listing has them all.
  if (query.search) select = select.where((eb) => inboxListWhere(eb, { terms, order }, context));
  else if (terms.length > 0) select = select.where((eb) => inboxQueryWhere(eb, { terms, order }, context));
  if (cursor) {
    select =
      order === 'priority'
        ? select.where((eb) =>
            eb(eb.refTuple('conversations.priority', 'conversations.last_update_ts', 'conversations.id'), '<', eb.tuple(cursor.priority, cursor.ts, cursor.id)),
          )
        : select.where((eb) =>
            eb(eb.refTuple('conversations.last_update_ts', 'conversations.id'), order === 'oldest' ? '>' : '<', eb.tuple(cursor.ts, cursor.id)),
          );
  }
  const direction = order === 'oldest' ? 'asc' : 'desc';
  if (order === 'priority') select = select.orderBy('conversations.priority', 'desc');
  const rows = await select
    .orderBy('conversations.last_update_ts', direction)
    .orderBy('conversations.id', direction)
    .limit(query.limit + 1)
    .execute();
  const conversations = rows.slice(0, query.limit).map(toConversation);
  const last = conversations.at(-1);
  return { conversations, next_cursor: rows.length > query.limit && last ? encodeConversationCursor(order, last) : null };
}
