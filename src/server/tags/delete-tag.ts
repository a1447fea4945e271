import type { TagDeleteResponse } from '../../protocol/api/conversation-actions';
import { updateConversation } from '../conversations/conversation-changes';
import { conversationTags } from '../conversations/conversation-model';
import { inboxQueryWhere } from '../conversations/inbox-query-sql';
import type { ConversationRow } from '../conversations/conversation-tables';
import type { DialectName } from '../db/open-database';
import { badRequest, HttpError, notFound } from '../http/http-error';
import type { Write } from '../realtime/write-transaction';

export const TAG_ERRORS = {
  system: 'System tags cannot be deleted.',
  inUse: (name: string, count: number) =>
    `The tag "${name}" is used by ${count} ${count === 1 ? 'conversation' : 'conversations'}. Delete it with force=true to remove it from them too.`,
} as const;

/** The organization's conversations carrying the tag (the same test as the `tag:` filter). */
function conversationsWithTag(write: Write, dialect: DialectName, slug: string): Promise<ConversationRow[]> {
  return write.trx
    .selectFrom('conversations')
    .innerJoin('contacts', 'contacts.id', 'conversations.contact_id')
    .selectAll('conversations')
    .where('conversations.org_id', '=', write.orgId)
    .where((eb) => inboxQueryWhere(eb, { terms: [{ kind: 'tag', negated: false, values: [slug] }], order: null }, { dialect, me: 0 }))
    .orderBy('conversations.id')
    .execute();
}

/**
 * `DELETE tags/{slug}`: an unknown tag is 404, a system tag 400. A tag still on conversations
 * is refused with 409 (and how many) unless `force`: then it is taken off each of them (a feed
 * row each) and deleted, all in the caller's one transaction.
 */
export async function deleteTag(write: Write, dialect: DialectName, slug: string, force: boolean): Promise<TagDeleteResponse> {
  const tag = await write.trx.selectFrom('tags').selectAll().where('org_id', '=', write.orgId).where('slug', '=', slug).executeTakeFirst();
  if (!tag) throw notFound();
  if (tag.is_system !== 0) throw badRequest(TAG_ERRORS.system);
  const rows = await conversationsWithTag(write, dialect, slug);
  if (rows.length > 0 && !force) throw new HttpError(409, { error: TAG_ERRORS.inUse(tag.name, rows.length), conversations: rows.length });
  for (const row of rows) {
    await updateConversation(write, row, { tags: JSON.stringify(conversationTags(row).filter((tagSlug) => tagSlug !== slug)) });
  }
  await write.remove('tags', slug, async () => {
    await write.trx.deleteFrom('tags').where('org_id', '=', write.orgId).where('slug', '=', slug).execute();
  });
  return { slug, conversations: rows.length };
}
