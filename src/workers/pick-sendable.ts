/**
 * Which outbox rows may be sent now (pure). Rows are taken in seq order, one lane at a time: only
 * the first unsettled row of a lane is a candidate, and only when nothing of its lane is in
 * flight and its backoff has passed. A lane waiting out a backoff never holds up another lane.
 */
export type SendCandidate = { id: number; seq: number; lane: number; send_at: number };

export type SendPlan = {
  /** Row ids to send now, in seq order. */
  ready: number[];
  /** The earliest time a lane head's backoff ends, or null when nothing waits on time. */
  wakeAt: number | null;
};

export function pickSendable(rows: readonly SendCandidate[], inFlight: ReadonlySet<number>, now: number): SendPlan {
  const sorted = [...rows].sort((a, b) => a.seq - b.seq);
  const seenLanes = new Set<number>();
  const ready: number[] = [];
  let wakeAt: number | null = null;
  for (const row of sorted) {
    if (seenLanes.has(row.lane)) continue;
    seenLanes.add(row.lane);
    if (inFlight.has(row.id)) continue;
    if (row.send_at <= now) ready.push(row.id);
    else wakeAt = wakeAt === null ? row.send_at : Math.min(wakeAt, row.send_at);
  }
  return { ready, wakeAt };
}
