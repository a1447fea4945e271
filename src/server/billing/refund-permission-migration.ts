import type { Kysely } from 'kysely';

/** The permissions the Admin preset held before `billing.refund` existed. */
const ADMIN_BEFORE_REFUNDS = [
  'teammate.invite',
  'teammate.update',
  'teammate.remove',
  'snippet.update',
  'rule.update',
  'custom_data.update',
  'channel.update',
  'organization.update',
  'organization.api_keys',
  'organization.reporting',
  'tag.update',
];

type RoleRows = { agents: { id: number; roles: string }; agent_invites: { id: number; roles: string } };

function rolesOf(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((role): role is string => typeof role === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Refunds and subscription cancels became a permission (`billing.refund`). Everyone who held
 * every permission then (the Admin preset: admins and pending admin invitations) was given it,
 * so an admin keeps refunding after the upgrade; agents, who could refund before, no longer can
 * until an administrator grants it.
 */
export async function grantRefundsToAdmins(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<RoleRows>;
  for (const table of ['agents', 'agent_invites'] as const) {
    const rows = await typed.selectFrom(table).select(['id', 'roles']).execute();
    for (const row of rows) {
      const roles = rolesOf(row.roles);
      if (roles.includes('billing.refund') || !ADMIN_BEFORE_REFUNDS.every((role) => roles.includes(role))) continue;
      await typed.updateTable(table).set({ roles: JSON.stringify([...roles, 'billing.refund']) }).where('id', '=', row.id).execute();
    }
  }
}
