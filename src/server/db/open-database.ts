import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';

export type DialectName = 'sqlite' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where the SQLite file lives, or null on PostgreSQL. */
  sqlitePath: string | null;
};

const int8AsNumber: typeof pg.types.getTypeParser = (oid, format) =>
  oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : (pg.types.getTypeParser(oid, format) as (value: string) => unknown);

/** PostgreSQL when a URL is given, otherwise the embedded SQLite file `${dataDir}/inbox.sqlite`. */
export function openDatabase(options: { databaseUrl: string | null; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Times are bigint columns holding epoch milliseconds, well inside Number's safe range.
      types: { getTypeParser: int8AsNumber },
    });
    // An idle connection the database ends (a restart, an administrator, a dropped database) is
    // removed by the pool and reported here; without a listener it would crash the process.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres', sqlitePath: null };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlitePath = join(options.dataDir, 'inbox.sqlite');
  const sqlite = new SQLite(sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite', sqlitePath };
}
