import { idColumn, type Schema } from '../db/id-column';
import type { DialectName } from '../db/open-database';

/**
 * Migration 0001-accounts: organizations, their agents, invitations and auth tokens (their
 * interfaces are the organization's, agents' and auth's tables files).
 */
export async function createAccountTables(schema: Schema, dialect: DialectName): Promise<void> {
  await idColumn(schema, 'organizations', dialect)
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_premium', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trial_ends_at', 'bigint')
    .addColumn('onboarding', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('hours', 'text')
    .addColumn('is_custom_data_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(schema, 'agents', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dark_mode', 'integer')
    .addColumn('custom_inboxes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notifications', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_validated_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('agents_org_email_unique', ['org_id', 'email'])
    .execute();
  await schema.createIndex('agents_email_index').on('agents').column('email').execute();

  await idColumn(schema, 'agent_invites', dialect)
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('agents.id').onDelete('set null'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('agent_invites_org_email_index').on('agent_invites').columns(['org_id', 'email']).execute();

  await idColumn(schema, 'auth_tokens', dialect)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await schema.createIndex('auth_tokens_agent_index').on('auth_tokens').column('agent_id').execute();
}
