import type { Kysely, Migration } from 'kysely';
import type { DialectName } from './open-database';

/** One schema change, on either dialect. */
export type MigrationStep = (db: Kysely<unknown>, dialect: DialectName) => Promise<void>;

/** Migrations by id; the ids of all lists together sort in the order they run. */
export type MigrationSteps = Readonly<Record<string, MigrationStep>>;

/**
 * Every migration, in code (no file globbing, so the bundled server carries them), gathered from
 * the lists the server's modules hold. The Migrator runs them in the order of their ids, whichever
 * list holds them; never edit a migration that has shipped, add a new one.
 */
export function collectMigrations(lists: readonly MigrationSteps[], dialect: DialectName): Record<string, Migration> {
  const steps = new Map<string, MigrationStep>();
  for (const list of lists) {
    for (const [id, step] of Object.entries(list)) {
      if (steps.has(id)) throw new Error(`Migration ${id} is declared twice`);
      steps.set(id, step);
    }
  }
  const sorted = [...steps].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(sorted.map(([id, step]) => [id, { up: (db: Kysely<unknown>) => step(db, dialect) }]));
}
