import type { Kysely, Migration } from 'kysely';
import { createChannelTables } from '../channels/channel-tables';
import { createChatTables } from '../chat/chat-tables';
import { createDomainTables } from '../channels/domains/domain-tables';
import { bindMutationsToRequests } from '../mutations/mutation-tables';
import { createBlockingTables } from '../blocking/blocking-tables';
import { addDraftCopies, createDraftTables } from '../drafts/draft-tables';
import { createRateLimitTables } from '../auth/auth-tables';
import { addAgentPreferences, addAgentSignatures } from '../agents/agent-tables';
import { addConversationMerges, addSnoozeAndTagColour } from '../conversations/conversation-tables';
import { addReplyCopies } from '../messages/message-tables';
import { idColumn, type Schema } from './id-column';
import type { DialectName } from './open-database';
import { createSnippetShortcutIndex, createSnippetTables } from '../snippets/snippet-tables';
import { createContactBillingTables } from '../billing/billing-tables';
import { grantRefundsToAdmins } from '../billing/refund-permission-migration';
import { createCustomDataTables } from '../custom-data/custom-data-tables';
import { createSearchIndexes } from '../search/search-indexes';
import { createSyncTables, createTenantReadIndexes } from '../conversations/sync-tables';
import { createNotificationTables } from '../notifications/notification-tables';
import { createKnowledgeTables } from '../knowledge/knowledge-tables';
import { countFeedPerOrganization } from '../realtime/feed-counter-migration';

/**
 * Every migration, in code (no file globbing, so the bundled server carries them). Keys sort in
 * the order they run; never edit a migration that has shipped, add a new one.
 */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-accounts': { up: (db: Kysely<unknown>) => createAccountTables(db.schema, dialect) },
    '0002-sync': { up: (db: Kysely<unknown>) => createSyncTables(db.schema, dialect) },
    '0003-drafts': { up: (db: Kysely<unknown>) => createDraftTables(db.schema) },
    '0004-search': { up: (db: Kysely<unknown>) => createSearchIndexes(db, dialect) },
    '0005-blocking': { up: (db: Kysely<unknown>) => createBlockingTables(db.schema, dialect) },
    '0006-channels': { up: (db: Kysely<unknown>) => createChannelTables(db.schema, dialect) },
    '0007-chat': { up: (db: Kysely<unknown>) => createChatTables(db.schema, dialect) },
    '0008-email-domains': { up: (db: Kysely<unknown>) => createDomainTables(db, dialect) },
    '0009-rate-limits': { up: (db: Kysely<unknown>) => createRateLimitTables(db.schema) },
    '0010-mutation-binding': { up: (db: Kysely<unknown>) => bindMutationsToRequests(db) },
    '0011-agent-preferences': { up: (db: Kysely<unknown>) => addAgentPreferences(db.schema) },
    '0012-snooze-tag-colour': { up: (db: Kysely<unknown>) => addSnoozeAndTagColour(db.schema) },
    '0013-agent-signatures': { up: (db: Kysely<unknown>) => addAgentSignatures(db.schema) },
    '0014-reply-copies': { up: (db: Kysely<unknown>) => addReplyCopies(db.schema) },
    '0015-snippets': { up: (db: Kysely<unknown>) => createSnippetTables(db.schema) },
    '0016-snippet-shortcuts': { up: (db: Kysely<unknown>) => createSnippetShortcutIndex(db) },
    '0017-conversation-merges': { up: (db: Kysely<unknown>) => addConversationMerges(db.schema) },
    '0018-notifications': { up: (db: Kysely<unknown>) => createNotificationTables(db, dialect) },
    '0019-knowledge': { up: (db: Kysely<unknown>) => createKnowledgeTables(db, dialect) },
    '0020-contacts-billing': { up: (db: Kysely<unknown>) => createContactBillingTables(db.schema) },
    '0020b-custom-data': { up: (db: Kysely<unknown>) => createCustomDataTables(db.schema) },
    '0023-draft-copies': { up: (db: Kysely<unknown>) => addDraftCopies(db.schema) },
    '0024-tenant-read-indexes': { up: (db: Kysely<unknown>) => createTenantReadIndexes(db.schema) },
    '0025-refund-permission': { up: (db: Kysely<unknown>) => grantRefundsToAdmins(db) },
    '0026-feed-per-organization': { up: (db: Kysely<unknown>) => countFeedPerOrganization(db) },
  };
}

async function createAccountTables(schema: Schema, dialect: DialectName): Promise<void> {
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
