import type { AgentRow } from './agent-tables';
import type { Db } from '../db/database';
import type { OrganizationRow } from '../organization/organization-tables';

export function findAgentById(db: Db, id: number): Promise<AgentRow | undefined> {
  return db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An agent of this organization, removed or not. */
export function findAgentByEmail(db: Db, orgId: number, email: string): Promise<AgentRow | undefined> {
  return db.selectFrom('agents').selectAll().where('org_id', '=', orgId).where('email', '=', email).executeTakeFirst();
}

export type AgentWithOrganization = { agent: AgentRow; organization: OrganizationRow };

/** Active agents with this email, in every organization or in the one with that slug. */
export async function findActiveAgentsByEmail(db: Db, email: string, slug?: string): Promise<AgentWithOrganization[]> {
  let query = db
    .selectFrom('agents')
    .innerJoin('organizations', 'organizations.id', 'agents.org_id')
    .selectAll('agents')
    .select([
      'organizations.slug as org_slug',
      'organizations.name as org_name',
      'organizations.is_premium as org_is_premium',
      'organizations.trial_ends_at as org_trial_ends_at',
      'organizations.onboarding as org_onboarding',
      'organizations.hours as org_hours',
      'organizations.is_custom_data_enabled as org_is_custom_data_enabled',
      'organizations.created_at as org_created_at',
    ])
    .where('agents.email', '=', email)
    .where('agents.is_removed', '=', 0)
    .orderBy('agents.id');
  if (slug !== undefined) query = query.where('organizations.slug', '=', slug);
  const rows = await query.execute();
  return rows.map(({ org_slug, org_name, org_is_premium, org_trial_ends_at, org_onboarding, org_hours, org_is_custom_data_enabled, org_created_at, ...agent }) => ({
    agent,
    organization: {
      id: agent.org_id,
      slug: org_slug,
      name: org_name,
      is_premium: org_is_premium,
      trial_ends_at: org_trial_ends_at,
      onboarding: org_onboarding,
      hours: org_hours,
      is_custom_data_enabled: org_is_custom_data_enabled,
      created_at: org_created_at,
    },
  }));
}
