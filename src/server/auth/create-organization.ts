import type { CreateAccountBody } from '../../protocol/api/requests';
import { SIGN_UP_TEXTS } from '../../protocol/api/sign-up-fields';
import { PERMISSIONS } from '../../protocol/roles';
import { DEFAULT_NOTIFICATIONS } from '../agents/agent-model';
import type { AgentRow } from '../agents/agent-tables';
import type { Db } from '../db/database';
import type { OrganizationRow } from '../organization/organization-tables';
import { writeJsonColumn } from '../db/json-column';
import { isUniqueViolation } from '../db/unique-violation';
import { fieldError } from '../http/http-error';
import { initialPlan, type Hosting } from '../organization/hosting-plan';
import { findOrganizationBySlug } from '../organization/organization-queries';

const domainTaken = () => fieldError('domain', SIGN_UP_TEXTS.domainTaken);

/** A new organization on the install's initial plan, with its creator as owner holding every permission. */
export async function createOrganization(
  db: Db,
  body: CreateAccountBody,
  passwordHash: string,
  now: number,
  hosting: Hosting,
): Promise<{ agent: AgentRow; organization: OrganizationRow }> {
  if (await findOrganizationBySlug(db, body.domain)) throw domainTaken();
  try {
    return await db.transaction().execute(async (trx) => {
      const organization = await trx
        .insertInto('organizations')
        .values({
          slug: body.domain,
          name: body.organization_name,
          ...initialPlan(hosting, now),
          onboarding: '{}',
          hours: null,
          is_custom_data_enabled: 0,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const agent = await trx
        .insertInto('agents')
        .values({
          org_id: organization.id,
          email: body.email,
          name: body.name,
          avatar: null,
          roles: writeJsonColumn(PERMISSIONS),
          is_owner: 1,
          is_removed: 0,
          dark_mode: null,
          custom_inboxes: '[]',
          notifications: writeJsonColumn(DEFAULT_NOTIFICATIONS),
          password_hash: passwordHash,
          email_validated_at: null,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { agent, organization };
    });
  } catch (error) {
    // Two sign-ups racing for one slug: the loser sees the same answer as a taken slug.
    if (isUniqueViolation(error)) throw domainTaken();
    throw error;
  }
}
