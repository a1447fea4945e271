import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { shutdownStep } from '../shutdown-stage';
import { parseChangeNotification } from './change-notification';
import { createPgListener } from './pg-listener';
import { createPresenceHub, type PresenceHub } from './presence-hub';
import { createPresencePeers } from './presence-peers';
import { createPresenceRelay, PRESENCE_CHANNEL, type PresenceRelay } from './presence-relay';
import { CHANGES_CHANNEL, type FeedNotifier } from './write-transaction';

/** Sockets that follow the feed (the agents' stream hub, the chat widgets' hub). */
export type FeedHub = FeedNotifier & {
  /** Another instance committed changes (PostgreSQL LISTEN). */
  notify(orgId: number, seq: number): void;
  /** The LISTEN connection came back: changes may have been missed. */
  refreshAll(): void;
};

/** Every commit of this instance reaches every hub's sockets. */
export function feedOf(hubs: readonly FeedHub[]): FeedNotifier {
  return {
    committed(orgId, seq) {
      for (const hub of hubs) hub.committed(orgId, seq);
    },
  };
}

export type InstanceLinks = { presence: PresenceHub; start(): void; stop(): Promise<void> };

/**
 * What joins this instance to the others on PostgreSQL: their commits (LISTEN) reach the hubs,
 * and presence crosses through the relay; on SQLite presence stays in this process.
 */
export function createInstanceLinks(options: {
  databaseUrl: string | null;
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  heartbeatMs: number;
  hubs: readonly FeedHub[];
}): InstanceLinks {
  const { databaseUrl, db, log, clock, heartbeatMs, hubs } = options;
  const peers = createPresencePeers();
  let relay: PresenceRelay | null = null;
  const presence = createPresenceHub({ clock, peers, publish: (change) => relay?.publish(change) });
  if (databaseUrl) relay = createPresenceRelay({ db, log, clock, heartbeatMs, hub: presence, peers });
  const listener = databaseUrl
    ? createPgListener({
        databaseUrl,
        log,
        channels: {
          [CHANGES_CHANNEL]: (payload) => {
            const change = parseChangeNotification(payload);
            if (!change) return;
            for (const hub of hubs) hub.notify(change.orgId, change.seq);
          },
          [PRESENCE_CHANNEL]: (payload) => relay?.receive(payload),
        },
        onReconnect: () => {
          for (const hub of hubs) hub.refreshAll();
          relay?.connected();
        },
      })
    : null;
  return {
    presence,
    start() {
      listener?.start();
      relay?.start();
    },
    async stop() {
      await shutdownStep('PostgreSQL listener', () => listener?.stop());
      await shutdownStep('presence relay', () => relay?.stop());
    },
  };
}
