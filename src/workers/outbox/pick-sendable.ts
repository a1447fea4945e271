/**
 * Which outbox rows may be sent now (pure). Rows are taken in seq order, one lane at a time: only
 * the first unsettled row of a lane is a candidate, and only when nothing of its lane is in
 * flight and its backoff has passed. A lane waiting out a backoff never holds up another lane.
 */
type Lane = string | number;

export type SendCandidate = {
  id: number;
  seq: number;
  /** Any key: a conversation's lane, a named one (see MutationDefinition.lanes). */
  lane: Lane;
  /** A row in several lanes (a bulk action): a candidate only when it heads every one of them. */
  lanes?: readonly Lane[];
  send_at: number;
};

export type SendPlan = {
  /** Row ids to send now, in seq order. */
  ready: number[];
  /** The earliest time a lane head's backoff ends, or null when nothing waits on time. */
  wakeAt: number | null;
};

export function pickSendable(rows: readonly SendCandidate[], inFlight: ReadonlySet<number>, now: number): SendPlan {
  const sorted = [...rows].sort((a, b) => a.seq - b.seq);
  const seenLanes = new Set<Lane>();
  const ready: number[] = [];
  let wakeAt: number | null = null;
  for (const row of sorted) {
    const lanes = row.lanes ?? [row.lane];
    const blocked = lanes.some((lane) => seenLanes.has(lane));
    for (const lane of lanes) seenLanes.add(lane);
    if (blocked) continue;
    if (inFlight.has(row.id)) continue;
    if (row.send_at <= now) ready.push(row.id);
    else wakeAt = wakeAt === null ? row.send_at : Math.min(wakeAt, row.send_at);
  }
  return { ready, wakeAt };
}
