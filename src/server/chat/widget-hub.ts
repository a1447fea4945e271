import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '../../protocol/documents';
import type { WidgetServerFrame } from '../../protocol/widget';
import type { Db } from '../db/database';
import { feedBounds } from '../realtime/change-feed';
import { sendFrame, type StreamSocket } from '../realtime/stream-socket';
import type { FeedNotifier } from '../realtime/write-transaction';
import { agentNames, isVisibleToVisitor, toWidgetMessage } from './visitor-queries';

/** One open widget socket. */
export type VisitorClient = {
  readonly socket: StreamSocket;
  readonly orgId: number;
  /** The visitor's conversation: its messages reach this socket. Null until the first message. */
  conversationId: number | null;
};

export type WidgetHub = FeedNotifier & {
  /** Resolves once the socket will hear of every message written from now on. */
  add(client: VisitorClient): Promise<void>;
  remove(client: VisitorClient): void;
  /** Another instance committed changes (PostgreSQL LISTEN). */
  notify(orgId: number, seq: number): void;
  /** Looks for new messages of every organization with open sockets (after a missed notification). */
  refreshAll(): void;
  /** Closes the organization's widget sockets of this instance (its chat was switched off). */
  closeOrganization(orgId: number, code: number, reason: string): void;
  /** Open widget sockets of this instance. */
  count(): number;
  /** Resolves once every queued fan-out has finished (before the database closes). */
  drain(): Promise<void>;
};

type OrgWidgets = {
  clients: Set<VisitorClient>;
  /** Feed position read up to; null until the first socket's add has read the feed's end. */
  cursor: number | null;
  /** Highest position announced as committed: every row up to it is in the feed. */
  announced: number;
  chain: Promise<void>;
  fetchQueued: boolean;
};

const PAGE = 500;

/**
 * Pushes the messages of visitors' conversations to their widget sockets, as they are committed
 * (the same change feed as /stream, read only where widget sockets are open): a visitor's
 * message reaches its other tabs, an agent's reply reaches the visitor the moment it is saved
 * (chat replies are never held, §4). Notes never leave: only MESSAGE rows that were sent or
 * received are sent, in the visitor's shape (toWidgetMessage).
 *
 * Per organization one queue reads the feed after its cursor, like the stream hub; a
 * notification while a read is queued adds nothing.
 */
export function createWidgetHub(options: { db: Db; log: FastifyBaseLogger }): WidgetHub {
  const { db, log } = options;
  const orgs = new Map<number, OrgWidgets>();
  let clientCount = 0;

  const enqueue = (org: OrgWidgets, run: () => Promise<void>) => {
    org.chain = org.chain.then(run).catch((error: unknown) => log.error({ err: error }, 'Widget fan-out failed'));
    return org.chain;
  };

  const deliver = async (org: OrgWidgets, orgId: number, messages: Message[]) => {
    const relevant = messages.filter((message) => [...org.clients].some((client) => client.conversationId === message.conversation_id));
    if (relevant.length === 0) return;
    const names = await agentNames(db, orgId, relevant.map((message) => message.agent_id));
    for (const message of relevant) {
      const text = JSON.stringify({ action: 'message', message: toWidgetMessage(message, names) } satisfies WidgetServerFrame);
      for (const client of org.clients) if (client.conversationId === message.conversation_id) sendFrame(client.socket, text);
    }
  };

  const fetchNew = async (orgId: number, org: OrgWidgets) => {
    org.fetchQueued = false;
    if (org.cursor === null || org.clients.size === 0) return;
    const announced = org.announced;
    for (;;) {
      const rows = await db
        .selectFrom('changes')
        .select(['org_seq', 'action', 'doc'])
        .where('org_id', '=', orgId)
        .where('org_seq', '>', org.cursor)
        .where('col', '=', 'messages')
        .orderBy('org_seq')
        .limit(PAGE)
        .execute();
      const messages = rows.filter((row) => row.action !== 'delete').map((row) => JSON.parse(row.doc) as Message);
      await deliver(org, orgId, messages.filter(isVisibleToVisitor));
      const last = rows.at(-1);
      if (last) org.cursor = Number(last.org_seq);
      if (rows.length < PAGE) break;
    }
    // Rows of other collections up to the announced seq are committed and of no interest.
    org.cursor = Math.max(org.cursor, announced);
  };

  const queueFetch = (orgId: number, org: OrgWidgets) => {
    if (org.fetchQueued) return;
    org.fetchQueued = true;
    void enqueue(org, () => fetchNew(orgId, org));
  };

  const notify = (orgId: number, seq: number) => {
    const org = orgs.get(orgId);
    if (!org || org.clients.size === 0) return;
    org.announced = Math.max(org.announced, seq);
    if (org.cursor !== null && seq <= org.cursor) return;
    queueFetch(orgId, org);
  };

  return {
    async add(client) {
      let org = orgs.get(client.orgId);
      if (!org) {
        org = { clients: new Set(), cursor: null, announced: 0, chain: Promise.resolve(), fetchQueued: false };
        orgs.set(client.orgId, org);
      }
      const entry = org;
      entry.clients.add(client);
      clientCount += 1;
      if (entry.cursor === null) {
        await enqueue(entry, async () => {
          entry.cursor ??= (await feedBounds(db, client.orgId)).latest;
        });
      }
    },
    remove(client) {
      const org = orgs.get(client.orgId);
      if (!org?.clients.delete(client)) return;
      clientCount -= 1;
      if (org.clients.size === 0) orgs.delete(client.orgId);
    },
    committed: notify,
    notify,
    refreshAll() {
      for (const [orgId, org] of orgs) queueFetch(orgId, org);
    },
    closeOrganization(orgId, code, reason) {
      for (const client of orgs.get(orgId)?.clients ?? []) client.socket.close(code, reason);
    },
    count: () => clientCount,
    async drain() {
      await Promise.all([...orgs.values()].map((org) => org.chain));
    },
  };
}
