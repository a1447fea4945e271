import { Dexie } from 'dexie';
import type { HistoryMeta, InboxDatabase } from '../../client-db/inbox-database';
import { MESSAGE_PAGE_SIZE } from '../../protocol/constants';
import type { ApiHttp } from '../socket/api-http';
import { isTempId } from '../engine/mutation-target';
import type { StoredDoc } from '../engine/recompute-visible';
import { putServerDocs } from './server-documents';
import type { StreamedRequests } from './streamed-requests';

/**
 * Loads the page of messages before the oldest one held (§7 streamed GET). A streamed answer's
 * documents are written by the feed writer as they arrive (its DONE says whether older ones
 * remain); a plain 200 answer `{messages, has_more}` is written here. Either way
 * `history:<id>` records whether older messages remain.
 */
export type LoadOlderDeps = { db: InboxDatabase; http: ApiHttp; streams: StreamedRequests; now: () => number };

export async function loadOlderMessages(deps: LoadOlderDeps, conversationId: number): Promise<void> {
  const { db } = deps;
  if (conversationId > 0 && !(await db.conversations.get(conversationId))) await fetchConversation(deps, conversationId);
  const oldest = await db.messages
    .where('[conversation_id+timestamp_ts]')
    .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
    .filter((message) => !isTempId(message.id))
    .first();
  const params = new URLSearchParams({ limit: String(MESSAGE_PAGE_SIZE) });
  if (oldest) params.set('before', oldest.id);
  const url = deps.http.apiUrl(`conversations/${conversationId}/messages/?${params.toString()}`);
  const outcome = await deps.streams.request(url, (targetId) => deps.http.beginStreamedGet(url, targetId));
  const history = (has_more: boolean): HistoryMeta => ({ key: `history:${conversationId}`, has_more });
  if (outcome.streamed) {
    // The DONE carries has_more; a full page is the best guess from a server that leaves it out.
    const told = outcome.info['has_more'];
    await db.meta.put(history(typeof told === 'boolean' ? told : outcome.count >= MESSAGE_PAGE_SIZE));
    return;
  }
  const page = plainPage(outcome.body);
  await db.transaction('rw', [db.conversations, db.messages, db.bases, db.outbox, db.meta], async () => {
    await putServerDocs(db, 'messages', page.messages, deps.now());
    await db.meta.put(history(page.has_more));
  });
}

function plainPage(body: unknown): { messages: StoredDoc[]; has_more: boolean } {
  if (typeof body !== 'object' || body === null) return { messages: [], has_more: false };
  const record = body as Record<string, unknown>;
  const messages = Array.isArray(record['messages'])
    ? (record['messages'] as unknown[]).filter((item): item is StoredDoc => typeof item === 'object' && item !== null)
    : [];
  return { messages, has_more: record['has_more'] === true };
}

/**
 * A conversation this device does not hold (outside the replication window, or not synced yet):
 * the server's copy and its contact, stored like any server document and marked `cached:<id>`, so
 * that it stays, offline too, for a window's length (replication-window.ts). A 404 throws.
 */
async function fetchConversation(deps: LoadOlderDeps, conversationId: number): Promise<void> {
  const { db } = deps;
  const conversation = await plainDocument(deps, `conversations/${conversationId}`);
  if (!conversation || typeof conversation['contact_id'] !== 'number') return;
  const contact = await plainDocument(deps, `contacts/${conversation['contact_id']}`).catch(() => null);
  await db.transaction('rw', [db.conversations, db.contacts, db.messages, db.bases, db.outbox, db.meta], async () => {
    if (contact) await putServerDocs(db, 'contacts', [contact], deps.now());
    await putServerDocs(db, 'conversations', [conversation], deps.now());
    await db.meta.put({ key: `cached:${conversationId}`, at: deps.now() });
  });
}

async function plainDocument(deps: LoadOlderDeps, path: string): Promise<StoredDoc | null> {
  const url = deps.http.apiUrl(path);
  const outcome = await deps.streams.request(url, (targetId) => deps.http.beginStreamedGet(url, targetId));
  const body = outcome.streamed ? null : outcome.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as StoredDoc) : null;
}
