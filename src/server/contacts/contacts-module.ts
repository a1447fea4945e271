import { keyed } from '../realtime/organization-documents';
import type { ServerModule } from '../server-module';
import { toContact } from './contact-model';
import { registerContactRoutes } from './contact-routes';

export const contactsModule = {
  routes: [registerContactRoutes],
  readers: {
    // Those no conversation named (the conversations brought theirs).
    contacts: async function* ({ db, orgId, size, sent }) {
      const pages = keyed(
        (after: number) => db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
        0,
        (row) => row.id,
        toContact,
        size,
      );
      for await (const contacts of pages) {
        const left = contacts.filter((contact) => !sent.contacts.has(contact.id));
        if (left.length > 0) yield { action: 'fetch', col: 'contacts', documents: left };
      }
    },
  },
} satisfies ServerModule;
