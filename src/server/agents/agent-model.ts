import { z } from 'zod';
import { DEFAULT_PREFERENCES } from '../../protocol/api/models';
import type { Agent, AgentPreferences, CustomInbox } from '../../protocol/api/models';
import { notificationSettingsOf } from '../../protocol/notifications/notification-settings';
import type { AgentRow } from './agent-tables';
import { readJsonColumn } from '../db/json-column';
import { fromSqlBoolean, fromSqlNullableBoolean } from '../db/sql-boolean';

export { DEFAULT_NOTIFICATIONS } from '../../protocol/notifications/notification-settings';

const rolesSchema = z.array(z.string());
const customInboxesSchema: z.ZodType<CustomInbox[]> = z.array(
  z.object({ key: z.string(), name: z.string(), query: z.string(), is_default: z.literal(true).optional() }),
);

const preferencesSchema: z.ZodType<AgentPreferences> = z.object({
  auto_advance: z.boolean().default(DEFAULT_PREFERENCES.auto_advance),
  list_density: z.enum(['comfortable', 'compact']).default(DEFAULT_PREFERENCES.list_density),
  replication_days: z.number().int().min(0).max(3650).default(DEFAULT_PREFERENCES.replication_days),
});

/** The agent's preferences as stored, defaults filled in. */
export function agentPreferences(row: Pick<AgentRow, 'preferences'>): AgentPreferences {
  return readJsonColumn(row.preferences, preferencesSchema, DEFAULT_PREFERENCES);
}

export function agentRoles(row: Pick<AgentRow, 'roles'>): string[] {
  return readJsonColumn(row.roles, rolesSchema, []);
}

export function customInboxesOf(row: Pick<AgentRow, 'custom_inboxes'>): CustomInbox[] {
  return readJsonColumn(row.custom_inboxes, customInboxesSchema, []);
}

/** The wire form of an agent; the password hash never leaves this function. */
export function toAgent(row: AgentRow, currentAgentId: number): Agent {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatar: row.avatar,
    roles: agentRoles(row),
    is_owner: fromSqlBoolean(row.is_owner),
    is_current_user: row.id === currentAgentId,
    is_removed: fromSqlBoolean(row.is_removed),
    dark_mode: fromSqlNullableBoolean(row.dark_mode),
    custom_inboxes: readJsonColumn(row.custom_inboxes, customInboxesSchema, []),
    notifications: notificationSettingsOf(readJsonColumn(row.notifications, z.unknown(), null)),
    preferences: agentPreferences(row),
    is_validated: row.email_validated_at !== null,
    created_at: row.created_at,
    signature: row.id === currentAgentId ? row.signature : '',
  };
}
