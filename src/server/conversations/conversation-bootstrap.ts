import { toContact } from '../contacts/contact-model';
import { threadMessagesJson } from '../messages/message-json';
import type { BootstrapFrame, BootstrapReader } from '../realtime/organization-documents';
import { toConversation } from './conversation-model';

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/**
 * The organization's conversations of one group (not closed, or closed), newest first, a page at
 * a time, each page followed by the contacts it names that were not sent yet and then its
 * messages: a conversation arrives whole, and the newest ones first.
 */
async function* conversationsWithMessages(reader: BootstrapReader, closed: boolean): AsyncGenerator<BootstrapFrame> {
  const { db, dialect, orgId, size, sent } = reader;
  const closedSince = closed ? reader.closedSince : null;
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

/**
 * The bootstrap's conversations: open and waiting ones newest first, each page with its new
 * contacts and its messages; then closed ones the same way (with `closedSince`, only those
 * updated since then, or unread: the agent's replication window).
 */
export async function* conversationThreads(reader: BootstrapReader): AsyncGenerator<BootstrapFrame> {
  yield* conversationsWithMessages(reader, false);
  yield* conversationsWithMessages(reader, true);
}
