import { sql, type Kysely } from 'kysely';
import type { Database, Db } from './database';
import type { DialectName } from './open-database';

/** Namespace of the advisory locks taken per organization (first key of the two-key form). */
const FEED_LOCK_CLASS = 0x1b0c;

/**
 * A write transaction that holds the organization's write lock from its first statement, so
 * the change-feed rows of one organization commit in seq order and a reader that has seen seq
 * N never later finds a row below N. PostgreSQL: a transaction-scoped advisory lock per
 * organization. SQLite: BEGIN IMMEDIATE, which takes the database's single write lock at once
 * (a deferred transaction that read first could fail to upgrade when another process writes).
 */
export async function lockedTransaction<T>(
  db: Db,
  dialect: DialectName,
  orgId: number,
  run: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres') {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${FEED_LOCK_CLASS}::int, ${orgId}::int)`.execute(trx);
      return run(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: T;
    try {
      result = await run(connection);
    } catch (error) {
      // SQLite may have rolled back already (e.g. on a full disk); the first error is the one to report.
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
    await sql`commit`.execute(connection);
    return result;
  });
}
