import type { CollectionName, Collections } from '../../protocol/documents';
import { toContact } from '../contacts/contact-model';
import { toConversation } from '../conversations/conversation-model';
import type { Db } from '../db/database';
import { listVisibleDrafts } from '../drafts/draft-queries';
import { toMessage } from '../messages/message-model';
import { toTag } from '../tags/tag-model';

export type DocumentBatch = { [C in CollectionName]: { col: C; documents: Collections[C][] } }[CollectionName];

async function* keyed<R, K, D>(page: (after: K) => Promise<R[]>, first: K, key: (row: R) => K, convert: (row: R) => D, size: number) {
  let after = first;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows.map(convert);
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = key(last);
  }
}

/**
 * Every current document of an organization that `agentId` may see, in batches: contacts, tags,
 * conversations, then messages and notes that are not removed (so a client's lists can resolve
 * what they point at as soon as possible), then the agent's own drafts and those shared with it.
 * Pages by key, so a large organization is never held in memory at once.
 */
export async function* organizationDocuments(db: Db, orgId: number, agentId: number, size: number): AsyncGenerator<DocumentBatch> {
  const contacts = keyed(
    (after: number) => db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
    0,
    (row) => row.id,
    toContact,
    size,
  );
  for await (const documents of contacts) yield { col: 'contacts', documents };

  const tags = keyed(
    (after: string) => db.selectFrom('tags').selectAll().where('org_id', '=', orgId).where('slug', '>', after).orderBy('slug').limit(size).execute(),
    '',
    (row) => row.slug,
    toTag,
    size,
  );
  for await (const documents of tags) yield { col: 'tags', documents };

  const conversations = keyed(
    (after: number) =>
      db.selectFrom('conversations').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
    0,
    (row) => row.id,
    toConversation,
    size,
  );
  for await (const documents of conversations) yield { col: 'conversations', documents };

  const messages = keyed(
    (after: number) =>
      db
        .selectFrom('messages')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('id', '>', after)
        .where('is_removed', '=', 0)
        .orderBy('id')
        .limit(size)
        .execute(),
    0,
    (row) => row.id,
    toMessage,
    size,
  );
  for await (const documents of messages) yield { col: 'messages', documents };

  const drafts = keyed(
    (after: string) => listVisibleDrafts(db, orgId, agentId, { after, limit: size }),
    '',
    (draft) => draft.id,
    (draft) => draft,
    size,
  );
  for await (const documents of drafts) yield { col: 'drafts', documents };
}
