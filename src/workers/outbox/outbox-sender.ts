import { classifyOutcome, retryDelay } from './classify-failure';
import type { SendOutcome } from './classify-failure';
import type { Clock } from '../socket/connection';
import { lanesOf } from '../mutations/mutation-registry';
import { onceOnline } from '../socket/network-port';
import type { NetworkPort } from '../socket/network-port';
import type { StoredRow } from './outbox-store';
import { pickSendable } from './pick-sendable';
import type { SendCandidate } from './pick-sendable';

/**
 * The loop that sends outbox rows. Each pass looks at the unsettled rows, asks pickSendable which
 * lane heads may go, claims them together and sends them; it runs again when a row is added, a
 * send settles, a backoff ends or the browser comes online. A 'sending' row this loop is not
 * sending is a leftover of a crashed worker (or of a dead elected tab) and is sent again (the
 * server applies a mutation id at most once).
 *
 *   idle ──kick──▶ pass ──▶ sending rows (at most maxInFlight) ──settle──▶ pass
 *    ▲              │ offline: wait for online        backoff: wake at send_at
 *    └──────────────┘ 401: halted until a new sender
 *
 * Nothing a row costs grows with the queue: the outbox is read whole only when something outside
 * the loop changed it (`kick`: a new row, an undo, back online); between, the loop keeps its own
 * list of the unsettled rows' lanes, dropping a row when it settles. Claims of a pass share one
 * transaction, and sends that end together settle in one (`batch`): an outbox transaction waits
 * for the disk (strict durability), so a row no longer pays for two of them alone. With
 * `sendBatch`, the lane heads of a pass leave `batchSize` to a request: the rows of one request
 * are of different lanes (a lane never has two rows out), so order within a lane holds, and each
 * row keeps its own mutation id, outcome and settle.
 */
export type OutboxSenderDeps = {
  clock: Clock;
  network: NetworkPort;
  listPending: () => Promise<StoredRow[]>;
  /** Marks the rows 'sending' (one transaction); leaves out those that must not be sent after all. */
  claim: (ids: number[]) => Promise<StoredRow[]>;
  send: (row: StoredRow, signal: AbortSignal) => Promise<SendOutcome>;
  /**
   * Sends several rows (each the head of its own lane) in one request: one outcome per row, in
   * order, or null when they must go one by one after all (a server without batches).
   */
  sendBatch?: (rows: StoredRow[], signal: AbortSignal) => Promise<SendOutcome[] | null>;
  /** Rows one batch carries at most (with sendBatch). */
  batchSize?: number;
  /** Runs several settles in one outbox transaction (default: as they come). */
  batch?: (work: () => Promise<void>) => Promise<void>;
  succeed: (row: StoredRow, body: unknown) => Promise<void>;
  /** `unsent`: the try never left the device (offline), so the row still counts as never sent. */
  retry: (row: StoredRow, sendAt: number, unsent: boolean) => Promise<void>;
  fail: (row: StoredRow, text: string) => Promise<void>;
  requeue: (row: StoredRow) => Promise<void>;
  onUnauthorized: () => void;
  onError: (error: unknown) => void;
  maxInFlight?: number;
};

type Flight = { controller: AbortController };
type Candidate = SendCandidate & { lanes: readonly string[] };
type Ended = { row: StoredRow; outcome: SendOutcome };
/** What a settle did to the row, for the loop's own list: gone, or back in the queue until then. */
type Settled = { kind: 'gone' } | { kind: 'queued'; sendAt: number };

/** Settles written in one transaction at most. */
const SETTLE_BATCH = 50;

export function createOutboxSender(deps: OutboxSenderDeps) {
  const { clock } = deps;
  const maxInFlight = deps.maxInFlight ?? 16;
  const batch = deps.batch ?? ((work: () => Promise<void>) => work());
  const inFlight = new Map<number, Flight>();
  const busy = new Set<Promise<unknown>>();
  /** The unsettled rows as the loop knows them, or null: read the outbox on the next pass. */
  let known: Map<number, Candidate> | null = null;
  let ended: Ended[] = [];
  let settling: Promise<void> | null = null;
  let started = false;
  let stopped = false;
  let halted = false;
  let pass: Promise<void> | null = null;
  let again = false;
  let wakeTimer: unknown = null;
  let cancelOnline: (() => void) | null = null;

  const running = () => started && !stopped && !halted;

  /** Something outside the loop changed the outbox: read it again, then look. */
  function kick(): void {
    known = null;
    look();
  }

  function look(): void {
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
          look();
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
    if (known === null) {
      const rows = await deps.listPending();
      if (!running()) return;
      known = new Map(rows.sort((a, b) => a.seq - b.seq).map((row) => [row.id, candidateOf(row)]));
    }
    const now = clock.now();
    const plan = pickSendable([...known.values()], new Set(inFlight.keys()), now);
    const ids = plan.ready.slice(0, Math.max(0, maxInFlight - inFlight.size));
    if (ids.length > 0) await claimAndSend(ids);
    if (plan.wakeAt !== null) {
      wakeTimer = clock.setTimeout(() => {
        wakeTimer = null;
        look();
      }, Math.max(0, plan.wakeAt - clock.now()));
    }
  }

  /** Database work of a pass or a settle; idle() waits for it, never for the network. */
  function track<T>(promise: Promise<T>): Promise<T> {
    busy.add(promise);
    const done = () => busy.delete(promise);
    promise.then(done, done);
    return promise;
  }

  async function claimAndSend(ids: number[]): Promise<void> {
    const flights = new Map(ids.map((id) => [id, { controller: new AbortController() }]));
    for (const [id, flight] of flights) inFlight.set(id, flight);
    let claimed: StoredRow[];
    try {
      claimed = await deps.claim(ids);
    } catch (error) {
      for (const id of ids) inFlight.delete(id);
      throw error;
    }
    const sent = new Set(claimed.map((row) => row.id));
    for (const id of ids) {
      if (sent.has(id)) continue;
      // Settled, undone or back in backoff meanwhile: read the outbox again before the next look.
      inFlight.delete(id);
      known = null;
    }
    const batchSize = deps.sendBatch ? Math.max(1, deps.batchSize ?? 1) : 1;
    for (let start = 0; start < claimed.length; start += batchSize) {
      const group = claimed.slice(start, start + batchSize);
      const first = group[0];
      const flight = first ? flights.get(first.id) : undefined;
      if (group.length === 1 && first && flight) void fly(first, flight);
      else if (group.length > 1) void flyBatch(group, group.map((row) => flights.get(row.id) ?? { controller: new AbortController() }));
    }
  }

  /** Rows of different lanes in one request; each settles with its own outcome. */
  async function flyBatch(rows: StoredRow[], rowFlights: Flight[]): Promise<void> {
    const controller = new AbortController();
    for (const flight of rowFlights) flight.controller.signal.addEventListener('abort', () => controller.abort());
    let outcomes: SendOutcome[] | null;
    try {
      outcomes = (await deps.sendBatch?.(rows, controller.signal)) ?? null;
    } catch (error) {
      for (const row of rows) inFlight.delete(row.id);
      deps.onError(error);
      look();
      return;
    }
    if (outcomes === null || outcomes.length !== rows.length) {
      rows.forEach((row, index) => {
        const flight = rowFlights[index];
        if (flight) void fly(row, flight);
      });
      return;
    }
    // Stopped meanwhile: the rows stay 'sending' and are sent again by the next sender.
    if (controller.signal.aborted) {
      for (const row of rows) inFlight.delete(row.id);
      return;
    }
    rows.forEach((row, index) => {
      const outcome = outcomes[index];
      if (outcome) ended.push({ row, outcome });
    });
    settling ??= track(settleEnded());
  }

  async function fly(row: StoredRow, flight: Flight): Promise<void> {
    try {
      const outcome = await deps.send(row, flight.controller.signal);
      // Stopped meanwhile: the row stays 'sending' and is sent again by the next sender.
      if (flight.controller.signal.aborted) {
        inFlight.delete(row.id);
        return;
      }
      ended.push({ row, outcome });
      settling ??= track(settleEnded());
    } catch (error) {
      inFlight.delete(row.id);
      deps.onError(error);
      look();
    }
  }

  /** Settles the sends that ended, several per transaction, until none is left. */
  async function settleEnded(): Promise<void> {
    try {
      while (ended.length > 0) {
        const items = ended.slice(0, SETTLE_BATCH);
        ended = ended.slice(items.length);
        const results = new Map<number, Settled>();
        try {
          await batch(async () => {
            for (const item of items) results.set(item.row.id, await settle(item.row, item.outcome));
          });
        } catch (error) {
          // Nothing of the batch was written: its rows are still 'sending' and go again.
          results.clear();
          deps.onError(error);
        }
        for (const item of items) {
          inFlight.delete(item.row.id);
          const result = results.get(item.row.id);
          if (!known || !result) continue;
          if (result.kind === 'gone') known.delete(item.row.id);
          else {
            const candidate = known.get(item.row.id);
            if (candidate) known.set(item.row.id, { ...candidate, send_at: result.sendAt });
          }
        }
        look();
      }
    } finally {
      settling = null;
    }
  }

  async function settle(row: StoredRow, outcome: SendOutcome): Promise<Settled> {
    const verdict = classifyOutcome(outcome);
    switch (verdict.kind) {
      case 'done':
        await deps.succeed(row, verdict.body);
        return { kind: 'gone' };
      case 'retry': {
        const sendAt = clock.now() + retryDelay(row.attempts + 1);
        await deps.retry(row, sendAt, verdict.unsent === true);
        return { kind: 'queued', sendAt };
      }
      case 'permanent':
        await deps.fail(row, verdict.text);
        return { kind: 'gone' };
      case 'unauthorized':
        halted = true;
        await deps.requeue(row);
        deps.onUnauthorized();
        return { kind: 'queued', sendAt: row.send_at };
    }
  }

  return {
    start(): void {
      started = true;
      kick();
    },
    /** Something changed (a new row, an undo, back online): look again. */
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
      await Promise.allSettled([pass, settling]);
    },
  };
}

function candidateOf(row: StoredRow): Candidate {
  const lanes = lanesOf(row);
  return { id: row.id, seq: row.seq, lane: lanes[0] ?? '', lanes, send_at: row.send_at };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
