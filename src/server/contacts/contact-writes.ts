import { sql } from 'kysely';
import type { Contact } from '../../protocol/documents';
import type { ContactRow } from './contact-tables';
import type { Write } from '../realtime/write-transaction';
import { toContact } from './contact-model';

/** The organization's contact with this address (compared without case), if there is one. */
export function findContactByEmail(write: Write, email: string): Promise<ContactRow | undefined> {
  return write.trx
    .selectFrom('contacts')
    .selectAll()
    .where('org_id', '=', write.orgId)
    .where(sql<string>`lower(${sql.ref('email')})`, '=', email.toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
}

/** The contact with this address, created (with its feed row) when the organization has none. */
export async function findOrCreateContactByEmail(write: Write, email: string): Promise<ContactRow> {
  const existing = await findContactByEmail(write, email);
  if (existing) return existing;
  let created: ContactRow | undefined;
  await write.change('contacts', 'insert', async (version) => {
    created = await write.trx
      .insertInto('contacts')
      .values({ org_id: write.orgId, name: '', email, avatar: null, is_trusted: 0, company: null, created_at: write.now, version })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toContact(created);
  });
  if (!created) throw new Error('The contact was not created');
  return created;
}

/** Changes a contact, with its feed row. */
export function updateContact(
  write: Write,
  id: number,
  values: { is_blocked?: number; name?: string; email?: string | null; company?: string | null; is_trusted?: number },
): Promise<Contact> {
  return write.change('contacts', 'update', async (version) => {
    const row = await write.trx
      .updateTable('contacts')
      .set({ ...values, version })
      .where('id', '=', id)
      .where('org_id', '=', write.orgId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toContact(row);
  });
}
