import { documentFrames, keyed } from '../realtime/organization-documents';
import type { ServerModule } from '../server-module';
import { registerCustomDataRoutes } from './custom-data-routes';
import { createCustomDataTables } from './custom-data-tables';
import { toCustomField } from './custom-field-model';

export const customDataModule = {
  migrations: { '0020b-custom-data': (db) => createCustomDataTables(db.schema) },
  routes: [registerCustomDataRoutes],
  readers: {
    custom_fields: ({ db, orgId, size }) =>
      documentFrames(
        'custom_fields',
        keyed(
          (after: string) => db.selectFrom('custom_fields').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
          '',
          (row) => row.id,
          toCustomField,
          size,
        ),
      ),
  },
} satisfies ServerModule;
