import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSettings } from '../../src/protocol/api/chat-settings';
import { LOGIN_MAX_ATTEMPTS_PER_IP, LOGIN_MAX_FAILURES_PER_SOURCE } from '../../src/protocol/constants';
import { WIDGET_LIMITS } from '../../src/protocol/widget';
import { createApiClient, type ApiClient } from '../support/api-client';
import { postgresSkipReason } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server-process';
import { openStream, type StreamConnection, type StreamFrame } from '../support/stream-client';
import { openWidget } from '../support/widget-client';
import { uid, useServerSuite, type ServerSuite } from './server-suite';
import { signUpTeam, type Member } from './sync-fixtures';

/**
 * Several server instances on one PostgreSQL (the documented scale-out): rate limits and
 * presence hold across them. Instance A is the suite's server; the others share its database.
 */
const skipPostgres = (await postgresSkipReason()) !== null;

const PRESENCE = new Set(['live', 'left', 'viewing']);
const presenceOf = (kind: 'agents' | 'contacts', id: number) => (frame: StreamFrame) =>
  PRESENCE.has(frame.action ?? '') && frame.col === kind && [frame.document, ...(frame.documents ?? [])].some((document) => document?.['id'] === id);

/**
 * Waits until the last presence frame the socket received about an agent or contact is `action`
 * ('live', 'viewing', 'left'), whatever else arrived in between and in whatever order.
 */
async function untilLast(socket: StreamConnection, kind: 'agents' | 'contacts', id: number, action: string, timeoutMs = 10_000): Promise<void> {
  const last = () => socket.frames.filter(presenceOf(kind, id)).at(-1)?.action;
  const deadline = Date.now() + timeoutMs;
  while (last() !== action) {
    if (Date.now() > deadline) throw new Error(`${kind} ${id}: last presence ${String(last())}, not ${action}, after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const randomIp = () => `10.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const viewing = (conversationId: number | null, typing = false) => JSON.stringify({ action: 'viewing', conversation_id: conversationId, typing });

/** For tests that start a server or hash thirty passwords on a shared two-core machine. */
const SLOW_MS = 120_000;

async function joined(server: RunningServer, member: Member): Promise<StreamConnection> {
  const socket = openStream(server.url, { token: member.token, init: true });
  await socket.untilReady();
  return socket;
}

/** Another instance on the suite's database; stopped (keeping the database) after the block. */
function useInstance(suite: ServerSuite, env: Record<string, string>): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer({ database: 'postgres', reuse: suite.server, env: { TRUST_PROXY: 'loopback', SMTP_URL: suite.mail.url, ...env } });
  });
  afterAll(async () => {
    await server?.stop('SIGTERM', { keepData: true });
  });
  return () => {
    if (!server) throw new Error('The second instance is not started yet');
    return server;
  };
}

// A heartbeat far longer than any test: what crosses here crosses by the changes themselves and the start handshake.
const QUIET = { PRESENCE_HEARTBEAT_MS: '600000' };

describe.skipIf(skipPostgres).concurrent('two instances on one PostgreSQL', () => {
  const suite = useServerSuite('postgres', QUIET);
  const instanceB = useInstance(suite, QUIET);

  it('the login limits count on every instance: failures on A and B add up', async () => {
    const { email, password } = await suite.signUp();
    const guesser = randomIp();
    const [guesserOnA, guesserOnB] = [createApiClient(suite.server.url, { ip: guesser }), createApiClient(instanceB().url, { ip: guesser })];
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_SOURCE; i++) {
      const client = i % 2 === 0 ? guesserOnA : guesserOnB;
      expect((await client.post('auth/login', { email, password: `wrong ${i}` })).status).toBe(400);
    }
    // Neither instance saw the limit's worth of failures; together they did.
    expect((await guesserOnB.post('auth/login', { email, password })).status).toBe(429);
    expect((await guesserOnA.post('auth/login', { email, password })).status).toBe(429);

    const ip = randomIp();
    const [sameIpOnA, sameIpOnB] = [createApiClient(suite.server.url, { ip }), createApiClient(instanceB().url, { ip })];
    const attempt = (client: ApiClient) => client.post('auth/login', { email: `nobody-${uid()}@example.com`, password: 'whatever' });
    for (let i = 0; i < LOGIN_MAX_ATTEMPTS_PER_IP; i++) expect((await attempt(i % 2 === 0 ? sameIpOnA : sameIpOnB)).status).toBe(400);
    expect((await attempt(sameIpOnA)).status).toBe(429);
    expect((await attempt(sameIpOnB)).status).toBe(429);
  }, SLOW_MS);

  it('an agent on A is live for a teammate on B, with what it views and types, and leaves there too', async () => {
    const { owner, alex, conversations: [conversation = 0] } = await signUpTeam(suite);
    const ownerOnB = await joined(instanceB(), owner);
    const alexOnA = await joined(suite.server, alex);
    // Alex's snapshot on A already names the owner, who is connected to B only.
    expect(await alexOnA.next(presenceOf('agents', owner.id))).toMatchObject({ action: 'live' });
    expect(await ownerOnB.next(presenceOf('agents', alex.id))).toEqual({ action: 'live', col: 'agents', document: { id: alex.id } });

    alexOnA.send(viewing(conversation));
    expect(await ownerOnB.next(presenceOf('agents', alex.id))).toEqual({ action: 'viewing', col: 'agents', document: { id: alex.id, conversation_id: conversation, typing: false } });
    alexOnA.send(viewing(conversation, true));
    expect((await ownerOnB.next(presenceOf('agents', alex.id))).document).toEqual({ id: alex.id, conversation_id: conversation, typing: true });
    ownerOnB.send(viewing(conversation));
    expect((await alexOnA.next(presenceOf('agents', owner.id))).document).toEqual({ id: owner.id, conversation_id: conversation, typing: false });

    await alexOnA.close();
    expect(await ownerOnB.next(presenceOf('agents', alex.id))).toEqual({ action: 'left', col: 'agents', document: { id: alex.id } });
    await ownerOnB.close();
  });

  it('an agent with a device on each instance stays live until both are gone; the latest view wins across them', async () => {
    const { owner, alex, conversations: [conversation = 0] } = await signUpTeam(suite);
    const ownerOnA = await joined(suite.server, owner);
    const desk = await joined(suite.server, alex);
    expect((await ownerOnA.next(presenceOf('agents', alex.id))).action).toBe('live');
    const phone = await joined(instanceB(), alex);
    phone.send(viewing(conversation, true));
    expect((await ownerOnA.next(presenceOf('agents', alex.id))).document).toEqual({ id: alex.id, conversation_id: conversation, typing: true });
    await phone.close();
    // The phone's view goes with it; Alex is still live through the desk.
    expect((await ownerOnA.next(presenceOf('agents', alex.id))).document).toEqual({ id: alex.id, conversation_id: null, typing: false });
    await desk.close();
    expect((await ownerOnA.next(presenceOf('agents', alex.id))).action).toBe('left');
    await ownerOnA.close();
  });

  it("a chat visitor on A is live for agents on B, and the visitor's message limit counts on both", async () => {
    const org = await suite.signUp();
    await org.api.request<ChatSettings>('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!' } });
    const agentOnB = await joined(instanceB(), { token: org.session.token, id: org.session.agent.id });
    const ip = randomIp();
    const onA = openWidget(suite.server.url, { org: org.domain, ip });
    const { visitor } = await onA.ready();
    const send = async (widget: typeof onA, index: number) => {
      const clientId = `m-${index}-${uid()}`;
      widget.send({ action: 'send', client_id: clientId, text: `Message ${index}` });
      return widget.next((frame) => 'client_id' in frame && frame.client_id === clientId);
    };
    const half = WIDGET_LIMITS.messagesPerMinute / 2;
    for (let i = 0; i < half; i++) expect((await send(onA, i)).action).toBe('sent');
    const live = await agentOnB.next((frame) => frame.col === 'contacts' && frame.action === 'live');
    const contactId = (live.document as { id: number }).id;

    const onB = openWidget(instanceB().url, { org: org.domain, ip, visitor });
    await onB.ready();
    for (let i = half; i < WIDGET_LIMITS.messagesPerMinute; i++) expect((await send(onB, i)).action).toBe('sent');
    expect(await send(onB, WIDGET_LIMITS.messagesPerMinute)).toMatchObject({ action: 'error', code: 'rate_limited' });
    expect(await send(onA, WIDGET_LIMITS.messagesPerMinute + 1)).toMatchObject({ action: 'error', code: 'rate_limited' });

    await onA.close();
    await onB.close();
    expect(await agentOnB.next(presenceOf('contacts', contactId))).toEqual({ action: 'left', col: 'contacts', document: { id: contactId } });
    await agentOnB.close();
  });

  it('an instance that starts later learns who is live at once, and one that stops takes its agents with it', async () => {
    const { owner, alex, sam, conversations: [conversation = 0] } = await signUpTeam(suite);
    const ownerOnA = await joined(suite.server, owner);
    ownerOnA.send(viewing(conversation));
    ownerOnA.send('PING');
    await ownerOnA.next((frame) => frame.text === 'PONG');
    const later = await startServer({ database: 'postgres', reuse: suite.server, env: { TRUST_PROXY: 'loopback', ...QUIET } });
    try {
      // Only the handshake can have told the new instance: no heartbeat comes within this test.
      const alexOnLater = await joined(later, alex);
      const seen = await alexOnLater.next(presenceOf('agents', owner.id));
      expect(seen.action).toBe('live');
      expect(await alexOnLater.next(presenceOf('agents', owner.id))).toMatchObject({ action: 'viewing', document: { id: owner.id, conversation_id: conversation } });
      await joined(later, sam);
      await untilLast(ownerOnA, 'agents', alex.id, 'live');
      await untilLast(ownerOnA, 'agents', sam.id, 'live');
    } finally {
      expect(await later.stop('SIGTERM', { keepData: true })).toBe(0);
    }
    // A clean stop says so: its agents leave at once, long before any heartbeat would tell.
    await untilLast(ownerOnA, 'agents', alex.id, 'left');
    await untilLast(ownerOnA, 'agents', sam.id, 'left');
    await ownerOnA.close();
  }, SLOW_MS);
});

const HEARTBEAT_MS = 400;
const BEATING = { PRESENCE_HEARTBEAT_MS: String(HEARTBEAT_MS) };

describe.skipIf(skipPostgres)('an instance killed on one PostgreSQL', () => {
  const suite = useServerSuite('postgres', BEATING);

  it('its agents and visitors disappear from the other instances within three heartbeats', async () => {
    const { owner, alex, signedUp } = await signUpTeam(suite);
    await signedUp.api.request<ChatSettings>('PUT', 'organization/chat', { body: { enabled: true, color: '#0f766e', greeting: 'Hello!' } });
    const doomed = await startServer({ database: 'postgres', reuse: suite.server, env: { TRUST_PROXY: 'loopback', ...BEATING } });
    const ownerOnA = await joined(suite.server, owner);
    try {
      await joined(doomed, alex);
      expect((await ownerOnA.next(presenceOf('agents', alex.id))).action).toBe('live');
      const widget = openWidget(doomed.url, { org: signedUp.domain, ip: randomIp() });
      await widget.ready();
      widget.send({ action: 'send', client_id: `hello-${uid()}`, text: 'Anyone there?' });
      const live = await ownerOnA.next((frame) => frame.col === 'contacts' && frame.action === 'live');
      const contactId = (live.document as { id: number }).id;

      await doomed.stop('SIGKILL', { keepData: true });
      // No goodbye from a killed process: the silence tells, after 3 heartbeats (checked every heartbeat).
      // The wait allows far more, for a busy machine; without expiry they would stay live forever.
      await untilLast(ownerOnA, 'agents', alex.id, 'left', 30 * HEARTBEAT_MS);
      await untilLast(ownerOnA, 'contacts', contactId, 'left', 30 * HEARTBEAT_MS);
      // A socket that joins now hears of neither.
      const late = await joined(suite.server, owner);
      late.send('PING');
      await late.next((frame) => frame.text === 'PONG');
      expect(late.frames.some(presenceOf('agents', alex.id)) || late.frames.some(presenceOf('contacts', contactId))).toBe(false);
      await late.close();
    } finally {
      await doomed.stop('SIGKILL', { keepData: true });
      await ownerOnA.close();
    }
  }, SLOW_MS);
});
