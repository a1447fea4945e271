import { expect, it } from 'vitest';
import type { ConversationPage } from '../../src/protocol/api/conversation-requests';
import type { Session } from '../../src/protocol/api/models';
import type { Contact, Conversation } from '../../src/protocol/documents';
import { INBOX_ORDERS, type InboxOrder } from '../../src/protocol/inbox-query/inbox-query';
import { compareForInbox, matchesInboxQuery } from '../../src/protocol/inbox-query/match-inbox-query';
import { parseInboxQuery } from '../../src/protocol/inbox-query/parse-inbox-query';
import { writeJsonColumn } from '../../src/server/db/json-column';
import { seedOrganization } from '../../src/server/seed/seed-organization';
import { createRandom, type Random } from '../../src/server/seed/seed-random';
import type { ApiClient } from '../support/api-client';
import { openServerDatabaseHandle } from '../support/server-database';
import { describeEachDatabase, uid, useServerSuite, type ServerSuite } from './server-suite';

const QUERIES = 240;
const SEED = 20_240_611;

type World = { api: ApiClient; me: number; teammates: number[]; conversations: Conversation[]; contacts: Map<number, Contact> };

/**
 * A seeded organization signed in as its owner, plus what the seed never produces: ties on the
 * sort keys, more priorities, LIKE wildcards and a backslash in a subject, a contact without
 * email, an uppercase non-ASCII name, an untagged conversation and a second tag.
 */
async function seedWorld(suite: ServerSuite): Promise<World> {
  const handle = openServerDatabaseHandle(suite.server);
  const slug = `iq-${uid()}`;
  try {
    const seeded = await seedOrganization(handle, { org: slug, conversations: 90, messagesPerConversation: 3, seed: SEED, now: Date.UTC(2025, 0, 15), batchSize: 90 });
    const { db } = handle;
    const rows = await db.selectFrom('conversations').select(['id', 'contact_id', 'last_update_ts']).where('org_id', '=', seeded.orgId).orderBy('id').execute();
    const at = (index: number) => {
      const row = rows[index];
      if (!row) throw new Error(`The seed made fewer than ${index + 1} conversations`);
      return row;
    };
    const tied = Number(at(0).last_update_ts);
    for (const index of [1, 2, 3, 10, 11]) await db.updateTable('conversations').set({ last_update_ts: tied }).where('id', '=', at(index).id).execute();
    for (const [index, priority] of [[1, 3], [2, 3], [4, 2], [5, -1]] as const) await db.updateTable('conversations').set({ priority }).where('id', '=', at(index).id).execute();
    await db.updateTable('conversations').set({ subject: 'Refund 50% of order_42 \\ now' }).where('id', '=', at(6).id).execute();
    await db.updateTable('conversations').set({ tags: '[]' }).where('id', '=', at(7).id).execute();
    for (const index of [8, 9, 12]) await db.updateTable('conversations').set({ tags: writeJsonColumn(['vip', 'billing']) }).where('id', '=', at(index).id).execute();
    await db.updateTable('contacts').set({ email: null }).where('id', '=', at(13).contact_id).execute();
    await db.updateTable('contacts').set({ name: 'ÉMILE Zoë' }).where('id', '=', at(14).contact_id).execute();
    // Custom data as the server writes it (JSON.stringify, keys sorted): lookalike values, numbers,
    // yes/no, a LIKE wildcard, and a text value that spells another field's pair.
    const conversationData: [number, Record<string, unknown>][] = [
      [15, { plan: 'pro' }],
      [16, { plan: 'Team', seats: 3 }],
      [17, { seats: 30, vip: true }],
      [18, { note: 'x"plan":"pro"' }],
      [19, { plan: 'pro_max' }],
      [20, { plan: '50%', vip: false }],
    ];
    for (const [index, data] of conversationData) await db.updateTable('conversations').set({ custom_data: JSON.stringify(data) }).where('id', '=', at(index).id).execute();
    await db.updateTable('contacts').set({ custom_data: JSON.stringify({ plan: 'PRO', region: 'eu' }) }).where('id', '=', at(21).contact_id).execute();
    await db.updateTable('contacts').set({ custom_data: JSON.stringify({ seats: 3.5, vip: true }) }).where('id', '=', at(22).contact_id).execute();

    const api = suite.client();
    const login = await api.post<Session>('auth/login', { email: seeded.ownerEmail, password: seeded.password, domain: slug });
    if (login.status !== 200) throw new Error(`Login failed: ${login.status} ${login.text}`);
    const signedIn = suite.client(login.body.token);
    const all = await signedIn.get<ConversationPage>('conversations/?limit=1000');
    const contacts = new Map<number, Contact>();
    for (const contactId of new Set(all.body.conversations.map((c) => c.contact_id))) {
      contacts.set(contactId, (await signedIn.get<Contact>(`contacts/${contactId}`)).body);
    }
    const me = login.body.agent.id;
    return { api: signedIn, me, teammates: seeded.agentIds.filter((id) => id !== me), conversations: all.body.conversations, contacts };
  } finally {
    await handle.db.destroy();
  }
}

function flipCase(random: Random, text: string): string {
  const roll = random.next();
  if (roll < 0.2) return text.toUpperCase();
  if (roll < 0.4) return text.replace(/[a-z]/g, (char) => (random.chance(0.5) ? char.toUpperCase() : char));
  return text;
}

/** A piece of the data's searchable text, written as a word or a phrase the parser reads back unchanged. */
function freeText(random: Random, world: World): string {
  // Wildcards and a backslash must be literal; only A–Z fold, so "émile" does not find "ÉMILE".
  if (random.chance(0.12)) return random.pick(['%', '_', '50%', 'order_42', '\\', '"o\'brien"', '"50% of"', 'ÉMILE', 'émile', 'Émile', 'zoë', 'ZOË', 'CHLOÉ', 'Müller']);
  for (;;) {
    const conversation = random.pick(world.conversations);
    const contact = world.contacts.get(conversation.contact_id);
    const source = random.pick([conversation.subject, conversation.last_update, contact?.name ?? '', contact?.email ?? '']);
    const start = random.int(source.length);
    const piece = flipCase(random, source.slice(start, start + 1 + random.int(10)).replaceAll('"', '').trim());
    if (piece === '') continue;
    return /\s/.test(piece) || /^[A-Za-z]+:/.test(piece) || piece.startsWith('-') ? `"${piece}"` : piece;
  }
}

/** `created:` a day or a few around a conversation's creation (the world has no hours: days in UTC). */
function createdTerm(random: Random, world: World): string {
  const day = (offset: number) => new Date(random.pick(world.conversations).created_at + offset * 86_400_000).toISOString().slice(0, 10);
  const from = day(-random.int(3));
  const to = new Date(Date.parse(from) + random.int(4) * 86_400_000).toISOString().slice(0, 10);
  return from === to && random.chance(0.5) ? `created:${from}` : `created:${from}..${to}`;
}

function some<T>(random: Random, choices: readonly T[]): T[] {
  const count = 1 + random.int(random.chance(0.7) ? 1 : 3);
  return Array.from({ length: count }, () => random.pick(choices));
}

function term(random: Random, world: World): string {
  const agents = ['me', 'none', 'ME', ...world.teammates.map(String), '999999', '99999999999'];
  const tags = ['billing', 'bug', 'feature-request', 'urgent', 'vip', 'Billing', 'no-such-tag'];
  const contactIds = [...[...world.contacts.keys()].map(String), '99999999999'];
  const body = random.pick([
    () => `assigned:${some(random, agents).join(',')}`,
    () => `is:${some(random, ['opened', 'waiting', 'closed', 'unread', 'Opened']).join(',')}`,
    () => `tag:${some(random, tags).join(',')}`,
    () => `channel:${some(random, ['email', 'chat', 'CHAT']).join(',')}`,
    () => `contact:${some(random, contactIds).join(',')}`,
    () => createdTerm(random, world),
    () => freeText(random, world),
    () => freeText(random, world),
    () =>
      `data.${random.pick(['plan', 'seats', 'vip', 'region', 'note', 'nokey'])}:${some(random, ['pro', 'PRO', 'team', 'Pro', '3', '3.0', '30', '3.5', 'yes', 'true', 'no', 'eu', 'pro_max', '50%', '50', 'x']).join(',')}`,
  ])();
  return random.chance(0.25) ? `-${body}` : body;
}

function generateQuery(random: Random, world: World): string {
  const terms = Array.from({ length: random.int(5) }, () => term(random, world));
  if (random.chance(0.6)) terms.splice(random.int(terms.length + 1), 0, `order:${random.pick(INBOX_ORDERS)}`);
  return terms.join(random.pick([' ', '  ', '\t']));
}

/** Every page of a listing, following the cursors. */
async function listAll(api: ApiClient, params: URLSearchParams): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; page < 200; page++) {
    const response = await api.get<ConversationPage>(`conversations/?${params.toString()}`);
    if (response.status !== 200) throw new Error(`${response.status} ${response.text} for ${params.toString()}`);
    ids.push(...response.body.conversations.map((c) => c.id));
    if (response.body.next_cursor === null) return ids;
    params.set('cursor', response.body.next_cursor);
  }
  throw new Error('The cursor never ended');
}

describeEachDatabase('inbox query property', (database) => {
  const suite = useServerSuite(database);

  it('the server lists exactly the conversations matchesInboxQuery accepts, in compareForInbox order, page after page', async () => {
    const world = await seedWorld(suite);
    const random = createRandom(SEED);
    let nonEmpty = 0;
    for (let n = 0; n < QUERIES; n++) {
      const text = generateQuery(random, world);
      const parsed = parseInboxQuery(text);
      if (!parsed.ok) throw new Error(`Generated an invalid query ${JSON.stringify(text)}: ${parsed.error.message}`);
      const orderParam: InboxOrder | null = random.chance(0.2) ? random.pick(INBOX_ORDERS) : null;
      const expected = world.conversations
        .filter((c) => matchesInboxQuery(parsed.query, c, { me: world.me, contact: world.contacts.get(c.contact_id) }))
        .sort(compareForInbox({ order: orderParam ?? parsed.query.order }))
        .map((c) => c.id);
      const params = new URLSearchParams({ search: text, limit: String(random.pick([4, 9, 25, 1000])) });
      if (orderParam) params.set('order', orderParam);
      expect(await listAll(world.api, params), `${JSON.stringify(text)} ${params.toString()}`).toEqual(expected);
      if (expected.length > 0) nonEmpty += 1;
    }
    // A generator whose queries all match nothing would prove nothing.
    expect(nonEmpty).toBeGreaterThan(QUERIES / 3);
  }, 60_000);

  it('a malformed query is refused with the parser message under errors.search', async () => {
    const { api } = await suite.signUp();
    for (const text of ['foo:bar', 'is:lost', 'created:2026-02-30', 'created:2026-11-07..2026-11-01', 'tag:', 'data.plan:', 'data.plan:a,,b', 'data.9lives:x', 'order:newest order:oldest', 'refund "charged', '-order:newest', 'say"hi"']) {
      const parsed = parseInboxQuery(text);
      if (parsed.ok) throw new Error(`Expected ${text} to be refused`);
      const response = await api.get(`conversations/?search=${encodeURIComponent(text)}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: { search: parsed.error.message } });
    }
  });
});
