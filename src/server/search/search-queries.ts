import { sql } from 'kysely';
import type { SearchHit, SearchPage } from '../../protocol/api/search-requests';
import { bestSnippet } from '../../protocol/search/best-snippet';
import { parseSearchText } from '../../protocol/search/search-text';
import { toContact } from '../contacts/contact-model';
import { toConversation } from '../conversations/conversation-model';
import type { ConversationRow } from '../conversations/conversation-tables';
import type { Db } from '../db/database';
import type { DialectName } from '../db/open-database';
import { fieldError } from '../http/http-error';
import { toMessage } from '../messages/message-model';
import { decodeSearchCursor, encodeSearchCursor } from './search-cursor';
import { matchingMessageIds, scoredConversations } from './search-sql';

type Scope = { db: Db; dialect: DialectName; orgId: number };

/**
 * A page of the organization's conversations that match a full-text search, best first
 * (score, then most recently updated), each with its contact and a snippet.
 */
export async function searchConversations(
  { db, dialect, orgId }: Scope,
  query: { q: string; limit: number; cursor?: string | undefined },
): Promise<SearchPage> {
  const cursor = query.cursor === undefined ? null : decodeSearchCursor(query.cursor);
  if (query.cursor !== undefined && cursor === null) throw fieldError('cursor', 'is invalid');
  const terms = parseSearchText(query.q);
  if (terms.length === 0) return { results: [], next_cursor: null };

  const after = cursor
    ? sql`where (s.score, c.last_update_ts, c.id) < (${cursor.score}, ${cursor.ts}, ${cursor.id})`
    : sql``;
  const { rows } = await sql<ConversationRow & { score: number | string }>`
    select c.*, s.score from (${scoredConversations(terms, { dialect, orgId, ids: null })}) s
    join conversations c on c.id = s.cid
    ${after}
    order by s.score desc, c.last_update_ts desc, c.id desc
    limit ${query.limit + 1}`.execute(db);
  const page = rows.slice(0, query.limit);
  const ids = page.map((row) => row.id);
  if (ids.length === 0) return { results: [], next_cursor: null };

  const contactRows = await db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('id', 'in', [...new Set(page.map((row) => row.contact_id))]).execute();
  const contacts = new Map(contactRows.map((row) => [row.id, toContact(row)]));
  const messageIds = (await matchingMessageIds(terms, { dialect, orgId, ids }).execute(db)).rows.map((row) => Number(row.id));
  const messageRows = messageIds.length === 0 ? [] : await db.selectFrom('messages').selectAll().where('id', 'in', messageIds).execute();
  const messages = messageRows.map(toMessage);

  const results: SearchHit[] = page.map((row) => {
    const conversation = toConversation(row);
    const contact = contacts.get(row.contact_id) ?? null;
    const own = messages.filter((message) => message.conversation_id === row.id);
    return { conversation, contact, score: Number(row.score), snippet: bestSnippet(terms, conversation, contact, own) };
  });
  const last = results.at(-1);
  const next_cursor =
    rows.length > query.limit && last
      ? encodeSearchCursor({ score: last.score, ts: last.conversation.last_update_ts, id: last.conversation.id })
      : null;
  return { results, next_cursor };
}

/** For each id: does that conversation of the organization match the search? Every id is answered. */
export async function matchConversations({ db, dialect, orgId }: Scope, ids: readonly number[], search: string): Promise<Record<string, boolean>> {
  const answer: Record<string, boolean> = {};
  for (const id of ids) answer[String(id)] = false;
  const terms = parseSearchText(search);
  if (terms.length === 0 || ids.length === 0) return answer;
  const { rows } = await sql<{ cid: number }>`select s.cid from (${scoredConversations(terms, { dialect, orgId, ids })}) s`.execute(db);
  for (const row of rows) answer[String(row.cid)] = true;
  return answer;
}
