import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { LocalPresenceChange, PresenceHub } from './presence-hub';
import type { PresenceKey, PresencePeers, PresenceState } from './presence-peers';
import { presenceRelayMessage, statePayloads, type PresenceRelayMessage } from './presence-relay-messages';

export const PRESENCE_CHANNEL = 'inbox_presence';

/** An instance not heard from for this many heartbeats is presumed dead. */
export const SILENT_HEARTBEATS = 3;

export type PresenceRelay = {
  /** A notification on PRESENCE_CHANNEL (pg-listener.ts). */
  receive(payload: string): void;
  /** The listener (re)connected: what was sent meanwhile is lost, so ask everyone for their state. */
  connected(): void;
  /** This instance's own presence changed (the hub's `publish`). */
  publish(change: LocalPresenceChange): void;
  /** Starts the heartbeat. */
  start(): void;
  /** Stops the heartbeat, tells the others to forget this instance, and waits for what is being sent. */
  stop(): Promise<void>;
};

type Pending = { round: number; parts: number; next: number; state: PresenceState };

/**
 * Presence across the instances sharing one PostgreSQL database, over LISTEN/NOTIFY (the
 * messages are in presence-relay-messages.ts). Each instance sends the changes of its own
 * sockets as they happen, and its whole state every `heartbeatMs` and whenever another instance
 * says hello; what the others send goes into `peers`, and the hub tells its sockets what that
 * changes. An instance not heard from for SILENT_HEARTBEATS heartbeats (killed, or cut off from
 * the database) is dropped with its agents and contacts; one that stops cleanly says bye.
 *
 * Sends go out one after the other, so the others receive them in order; a failed send is logged
 * and repaired by the next heartbeat's full state.
 */
export function createPresenceRelay(options: {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  heartbeatMs: number;
  hub: PresenceHub;
  peers: PresencePeers;
}): PresenceRelay {
  const { db, log, clock, heartbeatMs, hub, peers } = options;
  const self = randomUUID();
  const pending = new Map<string, Pending>();
  let round = 0;
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const notify = (payloads: string[]) => {
    queue = queue
      .then(async () => {
        if (payloads.length === 1) await sql`select pg_notify(${PRESENCE_CHANNEL}, ${payloads[0]})`.execute(db);
        // One transaction: PostgreSQL delivers its notifications together and in order.
        else await db.transaction().execute(async (trx) => {
          for (const payload of payloads) await sql`select pg_notify(${PRESENCE_CHANNEL}, ${payload})`.execute(trx);
        });
      })
      .catch((error: unknown) => log.warn({ err: error }, 'Presence could not be sent to the other instances'));
  };
  const send = (message: PresenceRelayMessage) => notify([JSON.stringify(message)]);
  const sendState = () => notify(statePayloads(self, round++, hub.localState()));

  /** Collects the parts of a state round; the whole state once its last part is in. */
  const assemble = (message: Extract<PresenceRelayMessage, { kind: 'state' }>): PresenceState | null => {
    let current = pending.get(message.from);
    if (message.part === 0) {
      current = { round: message.round, parts: message.parts, next: 0, state: { agents: [], contacts: [] } };
      pending.set(message.from, current);
    }
    if (!current || current.round !== message.round || current.next !== message.part || current.parts !== message.parts) {
      pending.delete(message.from);
      return null;
    }
    current.state.agents.push(...message.agents);
    current.state.contacts.push(...message.contacts);
    current.next += 1;
    if (current.next < current.parts) return null;
    pending.delete(message.from);
    return current.state;
  };

  const apply = (message: PresenceRelayMessage, now: number): PresenceKey[] => {
    switch (message.kind) {
      case 'hello':
        peers.heard(message.from, now);
        sendState();
        return [];
      case 'bye':
        pending.delete(message.from);
        return peers.drop(message.from);
      case 'state': {
        peers.heard(message.from, now);
        const state = assemble(message);
        return state ? peers.replace(message.from, state, now) : [];
      }
      case 'agent':
        return peers.setAgent(message.from, message.org, message.agent, message.view, now);
      case 'contact':
        return peers.setContact(message.from, message.org, message.contact, message.live, now);
    }
  };

  const beat = () => {
    sendState();
    const silentSince = clock() - SILENT_HEARTBEATS * heartbeatMs;
    hub.settle(peers.expire(silentSince));
  };

  return {
    receive(payload) {
      const parsed = presenceRelayMessage.safeParse(JSON.parse(payload));
      if (!parsed.success) {
        log.warn({ payload: payload.slice(0, 200) }, 'Unreadable presence notification');
        return;
      }
      if (stopped || parsed.data.from === self) return;
      hub.settle(apply(parsed.data, clock()));
    },
    connected() {
      if (stopped) return;
      send({ kind: 'hello', from: self });
      sendState();
    },
    publish(change) {
      if (stopped) return;
      send({ ...change, from: self });
    },
    start() {
      if (timer || stopped) return;
      timer = setInterval(beat, heartbeatMs);
      timer.unref();
    },
    async stop() {
      if (stopped) return;
      clearInterval(timer);
      timer = undefined;
      send({ kind: 'bye', from: self });
      stopped = true;
      await queue;
    },
  };
}
