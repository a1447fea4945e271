import { PERMISSIONS } from '../../protocol/roles';
import { slugProblem } from '../../protocol/slug';
import { DEFAULT_NOTIFICATIONS } from '../agents/agent-model';
import { findAgentByEmail } from '../agents/agent-queries';
import { createOrganization } from '../auth/create-organization';
import { hashPassword } from '../auth/password-hash';
import type { Db } from '../db/database';
import { writeJsonColumn } from '../db/json-column';
import type { DialectName } from '../db/open-database';
import { findOrganizationBySlug } from '../organization/organization-queries';
import { runWrite, type WriteDeps } from '../realtime/write-transaction';
import { ensureTag } from '../tags/tag-queries';
import { writeSeedBatch } from './seed-batch';
import { seedSupportAddress, type SeededAddress } from './seed-support-address';
import { planContact, planConversation, SEED_TAGS, type PlannedContact, type PlannedConversation } from './seed-plan';
import { createRandom } from './seed-random';

export type SeedOptions = {
  /** The organization's slug; it is created when missing. */
  org: string;
  conversations: number;
  messagesPerConversation?: number;
  /** Password of the owner and teammates the seed creates. */
  password?: string;
  /** Same seed, same data. */
  seed?: number;
  now?: number;
  /** Conversations per transaction. */
  batchSize?: number;
  /**
   * Give an organization without a support address `support@<org>.example`, proven, so its
   * email conversations' replies go out (seed-support-address.ts); true by default.
   */
  supportAddress?: boolean;
  /** EMAIL_DKIM_KEY_SECRET of the server the data is for: the new address's DKIM key is sealed with it. */
  dkimKeySecret?: string | null;
};

export type SeedResult = {
  orgId: number;
  slug: string;
  created: boolean;
  ownerEmail: string;
  password: string;
  agentIds: number[];
  /** The support address the email conversations are on (null with `supportAddress: false`). */
  supportAddress: SeededAddress | null;
  contacts: number;
  conversations: number;
  messages: number;
  notes: number;
};

export const DEMO_PASSWORD = 'demo-password';
const TEAMMATES = [
  { local: 'alex', name: 'Alex Rivera' },
  { local: 'sam', name: 'Sam Chen' },
] as const;

/** The owner (created with the organization when missing) and two teammates; resolves to their ids. */
async function ensureTeam(db: Db, slug: string, password: string, now: number): Promise<{ orgId: number; created: boolean; ownerEmail: string; agentIds: number[] }> {
  const ownerEmail = `demo@${slug}.example`;
  const passwordHash = await hashPassword(password);
  let organization = await findOrganizationBySlug(db, slug);
  const created = !organization;
  if (!organization) {
    const name = slug.replace(/(^|-)([a-z0-9])/g, (_match, dash: string, char: string) => `${dash ? ' ' : ''}${char.toUpperCase()}`);
    ({ organization } = await createOrganization(db, { name: 'Demo Owner', email: ownerEmail, password, organization_name: name, domain: slug }, passwordHash, now, 'self-hosted'));
    await db.updateTable('agents').set({ email_validated_at: now }).where('org_id', '=', organization.id).execute();
  }
  const orgId = organization.id;
  const agentIds: number[] = [];
  const owner = await findAgentByEmail(db, orgId, ownerEmail);
  if (owner) agentIds.push(owner.id);
  for (const mate of TEAMMATES) {
    const email = `${mate.local}@${slug}.example`;
    const existing = await findAgentByEmail(db, orgId, email);
    if (existing) {
      agentIds.push(existing.id);
      continue;
    }
    const row = await db
      .insertInto('agents')
      .values({
        org_id: orgId,
        email,
        name: mate.name,
        avatar: null,
        roles: writeJsonColumn(PERMISSIONS.filter((role) => role.startsWith('tag.') || role.startsWith('snippet.'))),
        is_owner: 0,
        is_removed: 0,
        dark_mode: null,
        custom_inboxes: '[]',
        notifications: writeJsonColumn(DEFAULT_NOTIFICATIONS),
        password_hash: passwordHash,
        email_validated_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    agentIds.push(row.id);
  }
  return { orgId, created, ownerEmail, agentIds };
}

/**
 * Fills an organization with realistic contacts, tagged conversations in every status and
 * threads of customer and agent messages with some notes, its email conversations on its
 * support address (made when it has none), through the change feed (every
 * document has its feed row), in transactions of `batchSize` conversations. Used by
 * `npm run seed`, the server tests and the benchmarks.
 */
export async function seedOrganization(handle: { db: Db; dialect: DialectName }, options: SeedOptions): Promise<SeedResult> {
  const problem = slugProblem(options.org);
  if (problem) throw new Error(`--org ${options.org} ${problem}`);
  const now = options.now ?? Date.now();
  const password = options.password ?? DEMO_PASSWORD;
  const perConversation = options.messagesPerConversation ?? 10;
  const batchSize = Math.max(1, options.batchSize ?? 250);
  const random = createRandom(options.seed ?? 1);
  const team = await ensureTeam(handle.db, options.org, password, now);
  const deps: WriteDeps = { db: handle.db, dialect: handle.dialect, clock: () => now };
  const address =
    options.supportAddress === false
      ? null
      : await seedSupportAddress(handle.db, { orgId: team.orgId, slug: options.org, now, keySecret: options.dkimKeySecret ?? null });
  const channelId = address?.id ?? null;

  await runWrite(deps, { orgId: team.orgId }, async (write) => {
    for (const slug of SEED_TAGS) await ensureTag(write, slug, slug.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()));
  });

  const totals = { contacts: 0, conversations: 0, messages: 0, notes: 0 };
  const contactOffset = Number(
    (await handle.db.selectFrom('contacts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', team.orgId).executeTakeFirst())?.n ?? 0,
  );
  for (let start = 0; start < options.conversations; start += batchSize) {
    const count = Math.min(batchSize, options.conversations - start);
    // About four conversations for every three contacts: some customers write more than once.
    const contacts: PlannedContact[] = Array.from({ length: Math.max(1, Math.ceil(count * 0.75)) }, (_, i) =>
      planContact(random, contactOffset + totals.contacts + i + 1),
    );
    const conversations: PlannedConversation[] = Array.from({ length: count }, () => {
      const contactIndex = random.int(contacts.length);
      const contact = contacts[contactIndex] ?? contacts[0];
      if (!contact) throw new Error('No contact planned');
      return planConversation(random, { contact, contactIndex, agents: team.agentIds, messages: perConversation, now });
    });
    const written = await runWrite(deps, { orgId: team.orgId }, (write) => writeSeedBatch(write, { contacts, conversations, channelId }));
    totals.contacts += contacts.length;
    totals.conversations += count;
    totals.messages += written.messages;
    totals.notes += written.notes;
  }
  return { orgId: team.orgId, slug: options.org, created: team.created, ownerEmail: team.ownerEmail, password, agentIds: team.agentIds, supportAddress: address, ...totals };
}
