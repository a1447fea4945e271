import { documentFrames, keyed } from '../realtime/organization-documents';
import type { ServerModule } from '../server-module';
import { toSnippet, toSnippetCategory } from './snippet-model';
import { registerSnippetRoutes } from './snippet-routes';
import { createSnippetShortcutIndex, createSnippetTables } from './snippet-tables';

export const snippetsModule = {
  migrations: {
    '0015-snippets': (db) => createSnippetTables(db.schema),
    '0016-snippet-shortcuts': (db) => createSnippetShortcutIndex(db),
  },
  routes: [registerSnippetRoutes],
  readers: {
    snippet_categories: ({ db, orgId, size }) =>
      documentFrames(
        'snippet_categories',
        keyed(
          (after: string) =>
            db.selectFrom('snippet_categories').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
          '',
          (row) => row.id,
          toSnippetCategory,
          size,
        ),
      ),
    snippets: ({ db, orgId, size }) =>
      documentFrames(
        'snippets',
        keyed(
          (after: string) => db.selectFrom('snippets').selectAll().where('org_id', '=', orgId).where('id', '>', after).orderBy('id').limit(size).execute(),
          '',
          (row) => row.id,
          toSnippet,
          size,
        ),
      ),
  },
} satisfies ServerModule;
