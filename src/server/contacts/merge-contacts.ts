import type { Contact, Conversation, Message } from '../../protocol/documents';
import { toConversation, conversationRecipients } from '../conversations/conversation-model';
import type { ContactRow } from './contact-tables';
import { writeJsonColumn } from '../db/json-column';
import { fieldError, notFound } from '../http/http-error';
import { readCustomData } from '../custom-data/custom-field-model';
import { toMessage } from '../messages/message-model';
import type { Write } from '../realtime/write-transaction';
import { toContact } from './contact-model';

export const MERGE_CONTACT_ERRORS = {
  itself: 'is this contact: pick another one',
  missing: 'is not a contact of this organization',
} as const;

export type MergeContactsResponse = { contact: Contact; merged: number; conversations: Conversation[] };

async function contactRow(write: Write, id: number): Promise<ContactRow | undefined> {
  return write.trx.selectFrom('contacts').selectAll().where('org_id', '=', write.orgId).where('id', '=', id).executeTakeFirst();
}

/**
 * `POST contacts/{id}/merge` `{into}`: the contact `id` is the same person as `into`. Everything of
 * it moves to `into`: its conversations (and the recipients naming it), its messages, its chat
 * visitors, its blocked entry and payment emails, the custom data `into` lacks, a name or company
 * `into` lacks, its trust; then it is deleted. Nothing is lost, and every moved document goes
 * through the feed, in one transaction.
 */
export async function mergeContacts(write: Write, id: number, intoId: number): Promise<MergeContactsResponse> {
  if (intoId === id) throw fieldError('into', MERGE_CONTACT_ERRORS.itself);
  const source = await contactRow(write, id);
  if (!source) throw notFound();
  const target = await contactRow(write, intoId);
  if (!target) throw fieldError('into', MERGE_CONTACT_ERRORS.missing);
  const { orgId } = write;

  const conversations: Conversation[] = [];
  const rows = await write.trx.selectFrom('conversations').selectAll().where('org_id', '=', orgId).where('contact_id', '=', id).orderBy('id').execute();
  for (const row of rows) {
    const recipients = conversationRecipients(row).map((recipient) => (recipient.contact_id === id ? { ...recipient, contact_id: intoId } : recipient));
    conversations.push(
      await write.change('conversations', 'update', async (version) =>
        toConversation(
          await write.trx
            .updateTable('conversations')
            .set({ contact_id: intoId, recipients: writeJsonColumn(recipients), version })
            .where('org_id', '=', orgId)
            .where('id', '=', row.id)
            .returningAll()
            .executeTakeFirstOrThrow(),
        ),
      ),
    );
  }
  // Recipients naming the contact in the target's other conversations (a cc) follow it too.
  const cc = await write.trx.selectFrom('conversations').selectAll().where('org_id', '=', orgId).where('recipients', 'like', `%"contact_id":${id}%`).execute();
  for (const row of cc) {
    const recipients = conversationRecipients(row);
    if (!recipients.some((recipient) => recipient.contact_id === id)) continue;
    await write.change('conversations', 'update', async (version) =>
      toConversation(
        await write.trx
          .updateTable('conversations')
          .set({ recipients: writeJsonColumn(recipients.map((r) => (r.contact_id === id ? { ...r, contact_id: intoId } : r))), version })
          .where('org_id', '=', orgId)
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      ),
    );
  }

  const messages = await write.trx.selectFrom('messages').selectAll().where('org_id', '=', orgId).where('contact_id', '=', id).orderBy('id').execute();
  if (messages.length > 0) {
    await write.changes('messages', 'update', messages.length, async (versions) => {
      const moved: Message[] = [];
      for (const [index, message] of messages.entries()) {
        const row = await write.trx
          .updateTable('messages')
          .set({ contact_id: intoId, version: versions[index] ?? 0 })
          .where('id', '=', message.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        moved.push(toMessage(row));
      }
      return moved;
    });
  }

  await write.trx.updateTable('chat_visitors').set({ contact_id: intoId }).where('org_id', '=', orgId).where('contact_id', '=', id).execute();
  const targetBlocked = await write.trx.selectFrom('blocked_contacts').select('id').where('org_id', '=', orgId).where('contact_id', '=', intoId).executeTakeFirst();
  if (targetBlocked) await write.trx.deleteFrom('blocked_contacts').where('org_id', '=', orgId).where('contact_id', '=', id).execute();
  else await write.trx.updateTable('blocked_contacts').set({ contact_id: intoId }).where('org_id', '=', orgId).where('contact_id', '=', id).execute();
  const links = await write.trx.selectFrom('contact_payment_links').selectAll().where('org_id', '=', orgId).where('contact_id', '=', id).execute();
  await write.trx.deleteFrom('contact_payment_links').where('org_id', '=', orgId).where('contact_id', '=', id).execute();
  for (const link of links) {
    const exists = await write.trx
      .selectFrom('contact_payment_links')
      .select('email')
      .where('org_id', '=', orgId)
      .where('contact_id', '=', intoId)
      .where('source', '=', link.source)
      .where('email', '=', link.email)
      .executeTakeFirst();
    if (!exists) await write.trx.insertInto('contact_payment_links').values({ ...link, contact_id: intoId }).execute();
  }

  const data = { ...readCustomData(source.custom_data), ...readCustomData(target.custom_data) };
  const sortedData = Object.fromEntries(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const contact = await write.change('contacts', 'update', async (version) =>
    toContact(
      await write.trx
        .updateTable('contacts')
        .set({
          name: target.name || source.name,
          email: target.email ?? source.email,
          company: target.company ?? source.company,
          avatar: target.avatar ?? source.avatar,
          is_trusted: Math.max(target.is_trusted, source.is_trusted),
          is_blocked: Math.max(Number(target.is_blocked), Number(source.is_blocked)),
          custom_data: Object.keys(sortedData).length > 0 ? writeJsonColumn(sortedData) : null,
          version,
        })
        .where('org_id', '=', orgId)
        .where('id', '=', intoId)
        .returningAll()
        .executeTakeFirstOrThrow(),
    ),
  );
  await write.remove('contacts', String(id), async () => {
    await write.trx.deleteFrom('contacts').where('org_id', '=', orgId).where('id', '=', id).execute();
  });
  return { contact, merged: id, conversations };
}
