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
