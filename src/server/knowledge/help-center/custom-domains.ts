import type { Db } from '../../db/database';

/**
 * Which help center a request's Host names, when it is a custom domain (knowledge settings'
 * base_url without a path, on another host than the app's own). Read from `kb_settings.host`
 * for every host at once and kept for 30 seconds; a save on this instance forgets it at once.
 */
const KEEP_MS = 30_000;
let kept: { hosts: Map<string, string>; at: number } | null = null;

export function forgetCustomDomains(): void {
  kept = null;
}

export async function helpCenterOfHost(db: Db, host: string, now: number): Promise<string | null> {
  if (!kept || now - kept.at > KEEP_MS) {
    const rows = await db
      .selectFrom('kb_settings as s')
      .innerJoin('organizations as o', 'o.id', 's.org_id')
      .select(['s.host', 'o.slug'])
      .where('s.host', 'is not', null)
      .execute();
    kept = { hosts: new Map(rows.flatMap((row) => (row.host ? [[row.host, row.slug] as const] : []))), at: now };
  }
  return kept.hosts.get(host.toLowerCase()) ?? null;
}
