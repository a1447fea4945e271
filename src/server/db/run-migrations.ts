import { Migrator, type Migration } from 'kysely';
import type { DatabaseHandle } from './open-database';

/** Brings the schema up to date with `migrations`; run at every start. Several instances may start at once. */
export async function runMigrations({ db }: DatabaseHandle, migrations: Record<string, Migration>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
