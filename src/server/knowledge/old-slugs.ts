import type { Write } from '../realtime/write-transaction';

type Kind = 'article' | 'collection';

/**
 * A page renamed from `oldSlug` to `newSlug`: the old address redirects to it from now on. The
 * new slug stops being anyone's old slug (a page may take back a slug it had), and an old slug
 * that pointed at something else now points here (the latest rename wins).
 */
export async function rememberOldSlug(write: Write, kind: Kind, oldSlug: string, targetId: string, newSlug: string): Promise<void> {
  await write.trx.deleteFrom('kb_old_slugs').where('org_id', '=', write.orgId).where('kind', '=', kind).where('slug', 'in', [oldSlug, newSlug]).execute();
  await write.trx.insertInto('kb_old_slugs').values({ org_id: write.orgId, kind, slug: oldSlug, target_id: targetId, created_at: write.now }).execute();
}
