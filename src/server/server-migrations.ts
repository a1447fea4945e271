import type { Migration } from 'kysely';
import { collectMigrations } from './db/migrations';
import type { DatabaseHandle, DialectName } from './db/open-database';
import { runMigrations } from './db/run-migrations';
import { migrationLists } from './server-modules';

/** Every module's migrations, by id in the order they run. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return collectMigrations(migrationLists(), dialect);
}

/** Brings the schema up to date; run at every start. Several instances may start at once. */
export function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  return runMigrations(handle, migrations(handle.dialect));
}
