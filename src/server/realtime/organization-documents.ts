import { COLLECTIONS } from '../../protocol/collections';
import type { CollectionName, Collections } from '../../protocol/documents';
import { toContact } from '../contacts/contact-model';
import { toCustomField } from '../custom-data/custom-field-model';
import { toConversation } from '../conversations/conversation-model';
import type { Db } from '../db/database';
import type { DialectName } from '../db/open-database';
import { listVisibleDrafts } from '../drafts/draft-queries';
import { threadMessagesJson } from '../messages/message-json';
import { toSnippet, toSnippetCategory } from '../snippets/snippet-model';
import { toTag } from '../tags/tag-model';
import { articleDocuments, toCollection } from '../knowledge/knowledge-model';

export type DocumentBatch = { [C in CollectionName]: { col: C; documents: Collections[C][] } }[CollectionName];

/** Who asks, and how many documents a page holds. */
type Reader = { db: Db; dialect: DialectName; orgId: number; agentId: number; size: number };

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

/** Conversations and messages go together, newest first (conversationsWithMessages). */
type ThreadCollection = 'conversations' | 'messages';
type OtherCollection = Exclude<CollectionName, ThreadCollection>;

/**
 * Every other synced collection's documents that the reader may see (its definition's audience,
 * see src/protocol/collections.ts), a page at a time by key. A new collection adds its reader here.
 */
const COLLECTION_READERS: { [C in OtherCollection]: (reader: Reader) => AsyncGenerator<Collections[C][]> } = {
  custom_fields: ({ db, orgId, size }) =>
    keyed(
      (after: string) => db.selectFrom('custom_fields').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
      '',
      (row) => row.id,
      toCustomField,
      size,
    ),
  contacts: ({ db, orgId, size }) =>
    keyed(
      (after: number) => db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
      0,
      (row) => row.id,
      toContact,
      size,
    ),
  tags: ({ db, orgId, size }) =>
    keyed(
      (after: string) => db.selectFrom('tags').selectAll().where('org_id', '=', orgId).where('slug', '>', after).orderBy('slug').limit(size).execute(),
      '',
      (row) => row.slug,
      toTag,
      size,
    ),
  // The agent's own drafts and those shared with it.
  drafts: ({ db, orgId, agentId, size }) =>
    keyed(
      (after: string) => listVisibleDrafts(db, orgId, agentId, { after, limit: size }),
      '',
      (draft) => draft.id,
      (draft) => draft,
      size,
    ),
  snippet_categories: ({ db, orgId, size }) =>
    keyed(
      (after: string) =>
        db.selectFrom('snippet_categories').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
      '',
      (row) => row.id,
      toSnippetCategory,
      size,
    ),
  snippets: ({ db, orgId, size }) =>
    keyed(
      (after: string) => db.selectFrom('snippets').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
      '',
      (row) => row.id,
      toSnippet,
      size,
    ),
  collections: ({ db, orgId, size }) =>
    keyed(
      (after: string) => db.selectFrom('kb_collections').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
      '',
      (row) => row.id,
      toCollection,
      size,
    ),
  // Read a page of rows, then their placements (articleDocuments).
  articles: async function* ({ db, orgId, size }) {
    for await (const rows of keyed(
      (after: string) => db.selectFrom('kb_articles').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
      '',
      (row) => row.id,
      (row) => row,
      size,
    )) {
      yield await articleDocuments(db, orgId, rows);
    }
  },
};

/** What a bootstrap has sent so far, so that nothing goes twice. */
export type SentSoFar = {
  conversations: Set<number>;
  contacts: Set<number>;
  /** Conversations whose messages went out already (the open one). */
  messagesOf: Set<number>;
  tags: boolean;
};

export function nothingSent(): SentSoFar {
  return { conversations: new Set(), contacts: new Set(), messagesOf: new Set(), tags: false };
}

/** A frame of a bootstrap: documents, or the first screen's COUNTS and PAINT (protocol/realtime.ts). */
export type BootstrapFrame =
  | ({ action: 'fetch' } & DocumentBatch)
  /** Messages as the database wrote their JSON (message-json.ts), sent without parsing them. */
  | { action: 'fetch'; col: 'messages'; documentsJson: string[] }
  | { action: 'COUNTS'; document: Record<string, number> }
  | { action: 'PAINT' };

/** The text of a frame on the socket. */
export function bootstrapFrameText(frame: BootstrapFrame): string {
  if (!('documentsJson' in frame)) return JSON.stringify(frame);
  return `{"action":"fetch","col":"messages","documents":[${frame.documentsJson.join(',')}]}`;
}

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/**
 * The organization's conversations of one group (not closed, or closed), newest first, a page at
 * a time, each page followed by the contacts it names that were not sent yet and then its
 * messages: a conversation arrives whole, and the newest ones first.
 */
async function* conversationsWithMessages(reader: Reader, closed: boolean, sent: SentSoFar, closedSince: number | null = null): AsyncGenerator<BootstrapFrame> {
  const { db, dialect, orgId, size } = reader;
  let after: { ts: number; id: number } | null = null;
  for (;;) {
    let select = db
      .selectFrom('conversations')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('merged_into', 'is', null)
      .where('status', closed ? '=' : '!=', 'CLOSED');
    // The replication window: closed conversations updated before it stay on the server (unread ones come, for the counts).
    if (closed && closedSince !== null) select = select.where((eb) => eb.or([eb('last_update_ts', '>=', closedSince), eb('is_unread', '=', 1)]));
    if (after) {
      const { ts, id } = after;
      select = select.where((eb) => eb(eb.refTuple('last_update_ts', 'id'), '<', eb.tuple(ts, id)));
    }
    const rows = await select.orderBy('last_update_ts', 'desc').orderBy('id', 'desc').limit(size).execute();
    const last = rows.at(-1);
    const fresh = rows.filter((row) => !sent.conversations.has(row.id));
    const contactIds = [...new Set(fresh.map((row) => row.contact_id))].filter((id) => !sent.contacts.has(id));
    if (contactIds.length > 0) {
      const contacts = await db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('id', 'in', contactIds).execute();
      for (const contact of contacts) sent.contacts.add(contact.id);
      if (contacts.length > 0) yield { action: 'fetch', col: 'contacts', documents: contacts.map(toContact) };
    }
    if (fresh.length > 0) yield { action: 'fetch', col: 'conversations', documents: fresh.map(toConversation) };
    for (const row of fresh) sent.conversations.add(row.id);
    const threads = rows.map((row) => row.id).filter((id) => !sent.messagesOf.has(id));
    if (threads.length > 0) {
      const messages = await threadMessagesJson(db, dialect, orgId, threads);
      for (const batch of chunks(messages, size)) yield { action: 'fetch', col: 'messages', documentsJson: batch };
    }
    if (!last || rows.length < size) return;
    after = { ts: Number(last.last_update_ts), id: last.id };
  }
}

async function* remaining(col: OtherCollection, reader: Reader, sent: SentSoFar): AsyncGenerator<BootstrapFrame> {
  if (col === 'tags' && sent.tags) return;
  const readAll = COLLECTION_READERS[col] as (reader: Reader) => AsyncGenerator<Record<string, unknown>[]>;
  for await (const documents of readAll(reader)) {
    const left = col === 'contacts' ? documents.filter((document) => !sent.contacts.has(document['id'] as number)) : documents;
    if (left.length > 0) yield { action: 'fetch', col, documents: left } as BootstrapFrame;
  }
}

function isOther(col: CollectionName): col is OtherCollection {
  return col !== 'conversations' && col !== 'messages';
}

/**
 * The rest of a bootstrap after the first screen (first-screen.ts), skipping what `sent` holds:
 * open and waiting conversations newest first, each page with its new contacts and its
 * messages; then closed ones the same way (with `closedSince`, only those updated since then, or
 * unread: the agent's replication window); then the other collections in their declared order
 * (the contacts no conversation names, the tags if not sent, the agent's drafts). Pages by key, so a large organization is never held in
 * memory at once (only the ids sent, to skip them).
 */
export async function* organizationDocuments(
  db: Db,
  dialect: DialectName,
  orgId: number,
  agentId: number,
  size: number,
  sent: SentSoFar = nothingSent(),
  closedSince: number | null = null,
): AsyncGenerator<BootstrapFrame> {
  const reader: Reader = { db, dialect, orgId, agentId, size };
  yield* conversationsWithMessages(reader, false, sent);
  yield* conversationsWithMessages(reader, true, sent, closedSince);
  for (const col of COLLECTIONS) if (isOther(col)) yield* remaining(col, reader, sent);
}
