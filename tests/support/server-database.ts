import { openDatabase, type DatabaseHandle } from '../../src/server/db/open-database';
import type { Db } from '../../src/server/db/database';
import type { RunningServer } from './server-process';

/**
 * A second connection to a running server's database, for what HTTP cannot do in a test
 * (e.g. letting a token expire). Call `db.destroy()` when done.
 */
export function openServerDatabase(server: Pick<RunningServer, 'dataDir' | 'databaseUrl'>): Db {
  return openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir }).db;
}

/** The same, with the dialect (for code that needs it, like seedOrganization). Destroy `handle.db` when done. */
export function openServerDatabaseHandle(server: Pick<RunningServer, 'dataDir' | 'databaseUrl'>): DatabaseHandle {
  return openDatabase({ databaseUrl: server.databaseUrl, dataDir: server.dataDir });
}

/** `use` over a connection of its own to a running server's database, closed after it, whatever `use` does. */
export async function withServerDatabase<T>(server: Pick<RunningServer, 'dataDir' | 'databaseUrl'>, use: (db: Db) => Promise<T>): Promise<T> {
  const db = openServerDatabase(server);
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}
