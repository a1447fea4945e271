import type { z } from 'zod';
import type { KnowledgeSettings, KnowledgeVisibility, knowledgeSettingsBody } from '../../protocol/api/knowledge-requests';
import type { Db } from '../db/database';
import type { KbSettingsRow } from './knowledge-tables';

/** The help center's settings without a saved row: named after the organization, public. */
export const KNOWLEDGE_DEFAULT_COLOR = '#1f6feb';

export type HelpCenterSettings = Omit<KnowledgeSettings, 'default_url'>;

function fromRow(row: KbSettingsRow): HelpCenterSettings {
  const visibility: KnowledgeVisibility = row.visibility === 'agents' ? 'agents' : 'public';
  return { name: row.name, color: row.color, logo: row.logo, base_url: row.base_url, visibility };
}

export async function readKnowledgeSettings(db: Db, orgId: number): Promise<HelpCenterSettings> {
  const row = await db.selectFrom('kb_settings').selectAll().where('org_id', '=', orgId).executeTakeFirst();
  if (row) return fromRow(row);
  const org = await db.selectFrom('organizations').select('name').where('id', '=', orgId).executeTakeFirstOrThrow();
  return { name: `${org.name} Help Center`, color: KNOWLEDGE_DEFAULT_COLOR, logo: null, base_url: null, visibility: 'public' };
}

/**
 * The custom domain a base URL makes (lowercase host, with its port when it has one): only an
 * address without a path on another host than the app's own (`ownHost`). Any other base URL is
 * only the address pages are known by (canonical links, sitemap), e.g. behind a proxy.
 */
export function customDomainOf(baseUrl: string | null, ownHost: string): string | null {
  if (baseUrl === null) return null;
  try {
    const url = new URL(baseUrl);
    const host = url.host.toLowerCase();
    return url.pathname === '/' && host !== ownHost.toLowerCase() ? host : null;
  } catch {
    return null;
  }
}

export async function saveKnowledgeSettings(
  db: Db,
  orgId: number,
  body: z.output<typeof knowledgeSettingsBody>,
  host: string | null,
  now: number,
): Promise<HelpCenterSettings> {
  const values = { name: body.name, color: body.color, logo: body.logo, base_url: body.base_url, host, visibility: body.visibility, updated_at: now };
  const row = await db
    .insertInto('kb_settings')
    .values({ org_id: orgId, ...values })
    .onConflict((conflict) => conflict.column('org_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}
