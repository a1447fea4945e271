import type { BlockedContact } from '../../protocol/api/conversation-actions';
import type { Contact } from '../../protocol/documents';
import { toContact } from '../contacts/contact-model';
import { updateContact } from '../contacts/contact-writes';
import type { ContactRow } from '../contacts/contact-tables';
import type { Db } from '../db/database';
import { fromSqlBoolean } from '../db/sql-boolean';
import type { Write } from '../realtime/write-transaction';

/**
 * The blocked list: a row per contact in `blocked_contacts`, and the contact's `is_blocked` flag
 * (what its document shows), always changed together here. Blocking twice changes nothing.
 */
export async function blockContact(write: Write, contact: ContactRow, blockedBy: number): Promise<Contact> {
  const listed = await write.trx
    .selectFrom('blocked_contacts')
    .select('id')
    .where('org_id', '=', write.orgId)
    .where('contact_id', '=', contact.id)
    .executeTakeFirst();
  if (!listed) {
    await write.trx
      .insertInto('blocked_contacts')
      .values({ org_id: write.orgId, contact_id: contact.id, email: contact.email?.toLowerCase() ?? null, blocked_by: blockedBy, created_at: write.now })
      .execute();
  }
  if (fromSqlBoolean(contact.is_blocked)) return toContact(contact);
  return updateContact(write, contact.id, { is_blocked: 1 });
}

/** Takes a contact off the blocked list; a contact that is not on it is returned as it is. */
export async function unblockContact(write: Write, contact: ContactRow): Promise<Contact> {
  await write.trx.deleteFrom('blocked_contacts').where('org_id', '=', write.orgId).where('contact_id', '=', contact.id).execute();
  if (!fromSqlBoolean(contact.is_blocked)) return toContact(contact);
  return updateContact(write, contact.id, { is_blocked: 0 });
}

/** The organization's blocked contacts, most recently blocked first. */
export async function listBlockedContacts(db: Db, orgId: number): Promise<BlockedContact[]> {
  const rows = await db
    .selectFrom('blocked_contacts')
    .innerJoin('contacts', 'contacts.id', 'blocked_contacts.contact_id')
    .select(['blocked_contacts.contact_id', 'contacts.name', 'contacts.email', 'blocked_contacts.created_at', 'blocked_contacts.blocked_by', 'blocked_contacts.id'])
    .where('blocked_contacts.org_id', '=', orgId)
    .orderBy('blocked_contacts.created_at', 'desc')
    .orderBy('blocked_contacts.id', 'desc')
    .execute();
  return rows.map((row) => ({
    contact_id: row.contact_id,
    name: row.name,
    email: row.email,
    blocked_at: Number(row.created_at),
    blocked_by: row.blocked_by,
  }));
}

/** Whether mail from this address must not open a conversation (the blocked list, by sender). */
export async function isBlockedSender(db: Db, orgId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocked_contacts')
    .select('id')
    .where('org_id', '=', orgId)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
