import type { FastifyBaseLogger } from 'fastify';
import type { ChangeRow, Db } from '../db/database';
import type { Metrics } from '../metrics/metrics';
import { feedMessageText, isVisibleTo, readChanges } from './change-feed';
import { isOpen, sendFrame, type StreamSocket } from './stream-socket';
import type { FeedNotifier } from './write-transaction';

/** One open /stream socket of a signed-in agent. */
export type StreamClient = {
  readonly socket: StreamSocket;
  readonly orgId: number;
  readonly agentId: number;
  /** The auth token (session) the socket signed in with: when it ends, the socket closes. */
  readonly tokenId: number;
  /** The client session id (SESSION_HEADER) the socket was opened with, for streamed GETs. */
  readonly session: string | null;
  /** The highest feed position (org_seq) this socket has been brought up to; nothing at or below it is sent again. */
  lastSent: number;
};

export type StreamHub = FeedNotifier & {
  /** A socket signed in: it counts for sessions and metrics, but gets no live changes yet. */
  register(client: StreamClient): void;
  unregister(client: StreamClient): void;
  /** The socket has everything up to `cursor` (its READY): from now on it gets every later change once. */
  goLive(client: StreamClient, cursor: number): Promise<void>;
  /** Another instance committed changes (PostgreSQL LISTEN). */
  notify(orgId: number, seq: number): void;
  /** Looks for new changes of every organization with live sockets (after a missed notification). */
  refreshAll(): void;
  /** Open sockets of this agent opened with this client session id. */
  sessionClients(orgId: number, agentId: number, session: string): StreamClient[];
  counts(): { sockets: number; sessions: number };
  /** Every open socket of this instance. */
  clients(): Iterable<StreamClient>;
  /** Resolves once every queued fan-out has finished (before the database closes). */
  drain(): Promise<void>;
};

/** One organization's live sockets and the feed position fetched for them. */
type OrgFeed = {
  live: Set<StreamClient>;
  /** Highest position read from the feed for this organization, or null before the first socket went live. */
  cursor: number | null;
  /** Fan-outs and activations of one organization run one at a time, in order. */
  chain: Promise<void>;
  fetchQueued: boolean;
  /** goLive calls queued and not finished: the entry must stay while they run. */
  pending: number;
};

const PAGE = 500;

/**
 * Pushes the change feed to sockets. Per organization there is one queue: a notification
 * becomes at most one queued feed read (seq > what was read), whose rows go to every live
 * socket whose lastSent is below them. 500 sockets of one organization cost one query per
 * burst of changes and one serialization per row.
 */
export function createStreamHub(options: { db: Db; metrics: Metrics; log: FastifyBaseLogger }): StreamHub {
  const { db, metrics, log } = options;
  const orgs = new Map<number, OrgFeed>();
  const clients = new Set<StreamClient>();

  const enqueue = (org: OrgFeed, run: () => Promise<void>) => {
    org.chain = org.chain.then(run).catch((error: unknown) => log.error({ err: error }, 'Stream fan-out failed'));
    return org.chain;
  };

  const forget = (orgId: number, org: OrgFeed) => {
    if (org.live.size === 0 && org.pending === 0 && orgs.get(orgId) === org) orgs.delete(orgId);
  };

  const deliver = (targets: Iterable<StreamClient>, rows: ChangeRow[]) => {
    for (const row of rows) {
      const seq = Number(row.org_seq);
      let text: string | undefined;
      for (const client of targets) {
        if (seq <= client.lastSent) continue;
        client.lastSent = seq;
        if (!isVisibleTo(row, client.agentId)) continue;
        text ??= feedMessageText(row);
        if (sendFrame(client.socket, text)) metrics.feedRowsSent += 1;
      }
    }
  };

  const fetchNew = async (orgId: number, org: OrgFeed) => {
    org.fetchQueued = false;
    if (org.cursor === null || org.live.size === 0) return;
    for (;;) {
      const rows = await readChanges(db, orgId, { after: org.cursor, limit: PAGE });
      deliver(org.live, rows);
      const last = rows.at(-1);
      if (last) org.cursor = Number(last.org_seq);
      if (rows.length < PAGE) return;
    }
  };

  const queueFetch = (orgId: number, org: OrgFeed) => {
    if (org.fetchQueued) return;
    org.fetchQueued = true;
    void enqueue(org, () => fetchNew(orgId, org));
  };

  const notify = (orgId: number, seq: number) => {
    const org = orgs.get(orgId);
    if (!org || org.live.size === 0) return;
    if (org.cursor !== null && seq <= org.cursor) return;
    queueFetch(orgId, org);
  };

  return {
    register(client) {
      clients.add(client);
    },
    unregister(client) {
      clients.delete(client);
      const org = orgs.get(client.orgId);
      if (!org) return;
      org.live.delete(client);
      forget(client.orgId, org);
    },
    async goLive(client, cursor) {
      let org = orgs.get(client.orgId);
      if (!org) {
        org = { live: new Set(), cursor: null, chain: Promise.resolve(), fetchQueued: false, pending: 0 };
        orgs.set(client.orgId, org);
      }
      const feed = org;
      feed.pending += 1;
      await enqueue(feed, async () => {
        try {
          if (!isOpen(client.socket) || !clients.has(client)) return;
          client.lastSent = cursor;
          feed.cursor ??= cursor;
          // The organization's sockets were brought further than this one: send it the gap.
          while (feed.cursor > client.lastSent) {
            const rows = await readChanges(db, client.orgId, { after: client.lastSent, through: feed.cursor, limit: PAGE });
            deliver([client], rows);
            if (rows.length < PAGE) break;
          }
          client.lastSent = Math.max(client.lastSent, feed.cursor);
          feed.live.add(client);
        } finally {
          feed.pending -= 1;
          forget(client.orgId, feed);
        }
      });
      // Changes committed while no socket of the organization was live were not announced to it.
      const current = orgs.get(client.orgId);
      if (current) queueFetch(client.orgId, current);
    },
    committed: notify,
    notify,
    refreshAll() {
      for (const [orgId, org] of orgs) queueFetch(orgId, org);
    },
    sessionClients(orgId, agentId, session) {
      return [...clients].filter(
        (client) => client.orgId === orgId && client.agentId === agentId && client.session === session && isOpen(client.socket),
      );
    },
    clients: () => clients.values(),
    counts() {
      const sessions = new Set<string>();
      for (const client of clients) sessions.add(`${client.orgId}:${client.agentId}:${client.session ?? ''}`);
      return { sockets: clients.size, sessions: sessions.size };
    },
    async drain() {
      await Promise.all([...orgs.values()].map((org) => org.chain));
    },
  };
}
