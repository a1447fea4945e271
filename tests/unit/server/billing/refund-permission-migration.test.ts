import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../../src/protocol/roles';
import { grantRefundsToAdmins } from '../../../../src/server/billing/refund-permission-migration';

type Rows = { agents: { id: number; roles: string }; agent_invites: { id: number; roles: string } };

describe('the upgrade that made refunds a permission', () => {
  it('gives billing.refund to admins and pending admin invitations from before, never to agents', async () => {
    const db = new Kysely<Rows>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    for (const table of ['agents', 'agent_invites'] as const) {
      await db.schema.createTable(table).addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('roles', 'text', (c) => c.notNull()).execute();
    }
    const adminBefore = PERMISSIONS.filter((role) => role !== 'billing.refund');
    await db.insertInto('agents').values([
      { id: 1, roles: JSON.stringify(adminBefore) },
      { id: 2, roles: JSON.stringify(['tag.update', 'snippet.update']) },
      { id: 3, roles: '[]' },
      { id: 4, roles: JSON.stringify([...PERMISSIONS]) },
      { id: 5, roles: 'not json' },
    ]).execute();
    await db.insertInto('agent_invites').values([{ id: 1, roles: JSON.stringify(adminBefore) }, { id: 2, roles: '[]' }]).execute();

    await grantRefundsToAdmins(db as unknown as Kysely<unknown>);

    const roles = async (table: keyof Rows) => (await db.selectFrom(table).selectAll().orderBy('id').execute()).map((row) => row.roles);
    expect(await roles('agents')).toEqual([
      JSON.stringify([...adminBefore, 'billing.refund']),
      JSON.stringify(['tag.update', 'snippet.update']),
      '[]',
      JSON.stringify([...PERMISSIONS]),
      'not json',
    ]);
    expect(await roles('agent_invites')).toEqual([JSON.stringify([...adminBefore, 'billing.refund']), '[]']);
    await db.destroy();
  });
});
