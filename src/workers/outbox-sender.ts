import { classifyOutcome, retryDelay } from './classify-failure';
import type { SendOutcome } from './classify-failure';
import type { Clock } from './connection';
import { laneOf, lanesOf } from './mutation-target';
import { onceOnline } from './network-port';
import type { NetworkPort } from './network-port';
import type { StoredRow } from './outbox-store';
import { pickSendable } from './pick-sendable';

/**
 * The loop that sends outbox rows. Each pass reads the unsettled rows, asks pickSendable which
 * lane heads may go, and sends them; it runs again when a row is added, a send settles, a backoff
 * ends or the browser comes online. A 'sending' row this loop is not sending is a leftover of a
 * crashed worker and is sent again (the server applies a mutation id at most once).
 *
 *   idle ──kick──▶ pass ──▶ sending rows (at most maxInFlight) ──settle──▶ kick
 *    ▲              │ offline: wait for online        backoff: wake at send_at
 *    └──────────────┘ 401: halted until a new sender
 */
export type OutboxSenderDeps = {
  clock: Clock;
  network: NetworkPort;
  listPending: () => Promise<StoredRow[]>;
  /** Marks the row 'sending', or null when it must not be sent after all. */
  claim: (id: number) => Promise<StoredRow | null>;
  send: (row: StoredRow, signal: AbortSignal) => Promise<SendOutcome>;
  succeed: (row: StoredRow, body: unknown) => Promise<void>;
  retry: (row: StoredRow, sendAt: number) => Promise<void>;
  fail: (row: StoredRow, text: string) => Promise<void>;
  requeue: (row: StoredRow) => Promise<void>;
  onUnauthorized: () => void;
  onError: (error: unknown) => void;
  maxInFlight?: number;
};

type Flight = { task: Promise<void>; controller: AbortController };

export function createOutboxSender(deps: OutboxSenderDeps) {
  const { clock } = deps;
  const maxInFlight = deps.maxInFlight ?? 4;
  const inFlight = new Map<number, Flight>();
  const busy = new Set<Promise<unknown>>();
  let started = false;
  let stopped = false;
  let halted = false;
  let pass: Promise<void> | null = null;
  let again = false;
  let wakeTimer: unknown = null;
  let cancelOnline: (() => void) | null = null;

  const running = () => started && !stopped && !halted;

  function kick(): void {
    if (!running()) return;
    if (pass) {
      again = true;
      return;
    }
    pass = track(runPass())
      .catch(deps.onError)
      .finally(() => {
        pass = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  async function runPass(): Promise<void> {
    if (wakeTimer !== null) clock.clearTimeout(wakeTimer);
    wakeTimer = null;
    if (!deps.network.isOnline()) {
      cancelOnline ??= onceOnline(deps.network, () => {
        cancelOnline = null;
        kick();
      });
      return;
    }
    const rows = await deps.listPending();
    if (!running()) return;
    const now = clock.now();
    const candidates = rows.map((row) => ({ id: row.id, seq: row.seq, lane: laneOf(row), lanes: lanesOf(row), send_at: row.send_at }));
    const plan = pickSendable(candidates, new Set(inFlight.keys()), now);
    for (const id of plan.ready) {
      if (inFlight.size >= maxInFlight) break;
      start(id);
    }
    if (plan.wakeAt !== null) {
      wakeTimer = clock.setTimeout(() => {
        wakeTimer = null;
        kick();
      }, plan.wakeAt - now);
    }
  }

  /** Database work of a pass or a flight; idle() waits for it, never for the network. */
  function track<T>(promise: Promise<T>): Promise<T> {
    busy.add(promise);
    const done = () => busy.delete(promise);
    promise.then(done, done);
    return promise;
  }

  function start(id: number): void {
    const controller = new AbortController();
    const release = () => {
      inFlight.delete(id);
      kick();
    };
    const task = (async () => {
      const row = await track(deps.claim(id));
      if (!row || controller.signal.aborted) return release();
      const outcome = await deps.send(row, controller.signal);
      // Stopped meanwhile: the row stays 'sending' and is sent again by the next sender.
      if (controller.signal.aborted) return release();
      await track(settle(row, outcome).finally(release));
    })().catch((error: unknown) => {
      inFlight.delete(id);
      deps.onError(error);
    });
    inFlight.set(id, { task, controller });
  }

  async function settle(row: StoredRow, outcome: SendOutcome): Promise<void> {
    const verdict = classifyOutcome(outcome);
    switch (verdict.kind) {
      case 'done':
        return deps.succeed(row, verdict.body);
      case 'retry':
        return deps.retry(row, clock.now() + retryDelay(row.attempts + 1));
      case 'permanent':
        return deps.fail(row, verdict.text);
      case 'unauthorized':
        halted = true;
        await deps.requeue(row);
        deps.onUnauthorized();
        return;
    }
  }

  return {
    start(): void {
      started = true;
      kick();
    },
    /** Something changed (a new row, back online): look again. */
    kick,
    isInFlight(id: number): boolean {
      return inFlight.has(id);
    },
    get halted(): boolean {
      return halted;
    },
    /** Rows sent and not yet settled (some may be waiting for the network). */
    get inFlightCount(): number {
      return inFlight.size;
    },
    /** Resolves once no pass and no database work of a send runs; requests may still be out. */
    async idle(): Promise<void> {
      while (pass || busy.size > 0) await Promise.allSettled([pass, ...busy]);
    },
    async stop(): Promise<void> {
      stopped = true;
      if (wakeTimer !== null) clock.clearTimeout(wakeTimer);
      wakeTimer = null;
      cancelOnline?.();
      cancelOnline = null;
      for (const flight of inFlight.values()) flight.controller.abort();
      await Promise.all([pass, ...[...inFlight.values()].map((flight) => flight.task)]);
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
