import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the tests use: trust auth on 127.0.0.1 (TEST_POSTGRES_URL to change). */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let availability: Promise<string | null> | undefined;

/**
 * Why PostgreSQL tests cannot run here, or null when they can. With CI set, PostgreSQL is
 * required: an unreachable server throws instead of skipping.
 */
export function postgresSkipReason(): Promise<string | null> {
  availability ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return null;
    } catch (error) {
      const reason = `PostgreSQL unreachable at ${POSTGRES_ADMIN_URL}: ${error instanceof Error ? error.message : String(error)}`;
      if (process.env.CI) throw new Error(`${reason} (required when CI is set)`);
      console.warn(`Skipping PostgreSQL tests. ${reason}`);
      return reason;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return availability;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new empty database; returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^t_[0-9a-f]+$/.test(name)) throw new Error(`Refusing to drop ${name}: not a test database`);
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
