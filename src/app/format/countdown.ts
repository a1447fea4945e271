/**
 * The label of a held send (§4): "Sending in 8 s" while its delay runs, whole seconds rounded
 * up so it never shows "0 s" while still undoable; "Sending…" once the time has come.
 */
export function sendCountdown(deliverAt: number, now: number): string {
  const left = Math.ceil((deliverAt - now) / 1000);
  return left > 0 ? `Sending in ${left} s` : 'Sending…';
}

/** Whether Undo is still offered: only while the delay runs (§4). */
export function canUndoSend(deliverAt: number | null, now: number): boolean {
  return deliverAt !== null && deliverAt > now;
}
