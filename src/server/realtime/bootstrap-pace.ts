import type { AckCounter, AckOutcome } from './ack-counter';
import type { BootstrapFrame } from './organization-documents';

/**
 * How many documents of a bootstrap the server lets a pacing client (`pace=1`) have unwritten:
 * two and a half of the worker's bootstrap transactions (MAX_BOOTSTRAP_DOCS_PER_TRANSACTION,
 * 10,000), so that while one is written the next is already there, and no more.
 */
export const BOOTSTRAP_WINDOW_DOCS = 25_000;

/**
 * How long the server waits for a WRITTEN that would open the window before it sends on anyway
 * (BOOTSTRAP_STALL_MS): a device that writes this slowly still gets its bootstrap, never a
 * stalled one.
 */
export const BOOTSTRAP_STALL_MS = 30_000;

/** How many documents a bootstrap frame carries (0 for COUNTS and PAINT). */
export function frameDocuments(frame: BootstrapFrame): number {
  if ('documentsJson' in frame) return frame.documentsJson.length;
  return 'documents' in frame ? frame.documents.length : 0;
}

/**
 * Paces a bootstrap's frames by the client's WRITTEN answers (`written`, null for a client that
 * did not ask: everything goes at once). `beforeSend(frame)` resolves once the frame may go:
 * when what is sent and not yet written, with it, fits the window (a frame larger than the
 * window goes once everything before it is written). False when the socket closed meanwhile.
 * `waited(outcome)`: a frame had to wait, and the client answered or the wait ran out (/metrics).
 */
export function bootstrapPacer(
  written: AckCounter | null,
  windowDocs = BOOTSTRAP_WINDOW_DOCS,
  stallMs = BOOTSTRAP_STALL_MS,
  waited: (outcome: Exclude<AckOutcome, 'closed'>) => void = () => undefined,
) {
  let sent = 0;
  return async function beforeSend(frame: BootstrapFrame): Promise<boolean> {
    const documents = frameDocuments(frame);
    if (written && documents > 0) {
      const needed = Math.min(sent, sent + documents - windowDocs);
      if (needed > written.count) {
        const outcome = await written.waitFor(needed, stallMs);
        if (outcome === 'closed') return false;
        waited(outcome);
      }
    }
    sent += documents;
    return true;
  };
}
