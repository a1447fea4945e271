import { listChannels, insertChannel } from '../channels/channel-queries';
import { ensureDomain, findOtherHolder } from '../channels/domains/domain-queries';
import type { ChannelRow } from '../channels/channel-tables';
import type { Db } from '../db/database';

export type SeededAddress = { id: number; email: string; created: boolean };

/**
 * The demo organization's support address, so that a reply takes the real path: it goes out
 * through SMTP_URL, or without it is written as an `.eml` file under DATA_DIR/mail/outbound,
 * instead of being marked sent with nothing written anywhere (issue 34).
 *
 * `support@<slug>.example`, its domain marked proven without DNS: `.example` is reserved
 * (RFC 2606), so nobody can prove it anyway, and no mail to or from it reaches a real person
 * (the seed's customers are all at `.example` domains too). Made only when the organization has
 * no support address; resolves to its first address, which the seeded conversations are on.
 * Pressing Verify on the Email page checks real DNS and so marks the domain not verified, which
 * shows the "Not delivered" path as well.
 */
export async function seedSupportAddress(db: Db, options: { orgId: number; slug: string; now: number; keySecret: string | null }): Promise<SeededAddress> {
  const existing = await listChannels(db, options.orgId);
  const first = existing.reduce<ChannelRow | null>((oldest, channel) => (oldest === null || channel.id < oldest.id ? channel : oldest), null);
  if (first !== null) return { id: first.id, email: first.email, created: false };
  const domainName = `${options.slug}.example`;
  const domain = await ensureDomain({ db, now: options.now, keySecret: options.keySecret }, options.orgId, domainName);
  // One organization holds a proven domain (a unique index): never take it from another.
  if (!(await findOtherHolder(db, domainName, options.orgId))) {
    await db.updateTable('email_domains').set({ verification: 'VERIFIED', checked_at: options.now }).where('id', '=', domain.id).execute();
  }
  const channel = await insertChannel(db, { orgId: options.orgId, email: `support@${domainName}`, domain: domainName, now: options.now });
  return { id: channel.id, email: channel.email, created: true };
}
