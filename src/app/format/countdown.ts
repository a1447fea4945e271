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

/** What the author sees while an undo the server has not answered may still lose to the delivery. */
export const UNDO_NOT_CONFIRMED = 'Undo not confirmed: the reply may be sent';

/** How long an undo may wait for the server's answer before it is called unconfirmed. */
export const UNDO_CONFIRM_WAIT_MS = 1500;

/**
 * The strip of a held send (§4): the countdown (`sender` names a teammate who is sending), or,
 * once Undo was pressed (`undoAt`), "Undoing…" for a moment online and then the honest
 * UNDO_NOT_CONFIRMED until the server confirms or refuses it.
 */
export function heldSendText(state: { deliverAt: number | null; undoAt: number | undefined; now: number; online: boolean; sender: string | null }): string {
  const { deliverAt, undoAt, now, online, sender } = state;
  if (undoAt !== undefined) return online && now - undoAt < UNDO_CONFIRM_WAIT_MS ? 'Undoing…' : UNDO_NOT_CONFIRMED;
  if (!online && !canUndoSend(deliverAt, now)) return 'Waiting for the connection to send';
  const countdown = deliverAt === null ? 'Sending…' : sendCountdown(deliverAt, now);
  if (sender === null) return countdown;
  const left = deliverAt === null ? 0 : Math.ceil((deliverAt - now) / 1000);
  return left > 0 ? `${sender} is sending this reply in ${left} s` : `${sender} is sending this reply…`;
}
