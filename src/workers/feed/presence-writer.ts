import type { InboxDatabase, PresenceRow } from '../../client-db/inbox-database';
import { CONTACT_LIVE_GRACE_MS } from '../../protocol/constants';
import type { PresenceEvent, PresenceKind } from '../../protocol/presence';
import type { Clock } from '../socket/connection';

/**
 * Keeps the `presence` table (§4) equal to what the socket says: agents and contacts that are
 * live, and what each agent views. Presence lives only as long as the socket: the engine clears
 * the table when the worker starts, when a socket opens (its snapshot follows READY) and when it
 * closes, so nothing stale survives a disconnect.
 *
 * An agent's row goes with its `left`. A contact's stays live for CONTACT_LIVE_GRACE_MS after
 * its `left` (§4, §9: "a contact's live flag is removed 2 s after the contact leaves"), so a
 * page reload in the chat widget does not flicker; coming back within that time keeps the row.
 *
 * Writes run one after another, in the order the messages came.
 */
export type PresenceWriter = {
  apply(events: readonly PresenceEvent[]): void;
  clear(): void;
  /** Resolves once every queued write has finished. */
  idle(): Promise<void>;
  /** Cancels the grace timers and empties the table. */
  stop(): Promise<void>;
};

export const presenceKey = (kind: PresenceKind, id: number) => `${kind}:${id}`;

export function createPresenceWriter(deps: { db: InboxDatabase; clock: Clock; onError: (error: unknown) => void }): PresenceWriter {
  const { db, clock } = deps;
  const leaving = new Map<number, unknown>();
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;

  const run = (write: () => Promise<unknown>) => {
    chain = chain.then(write).then(
      () => undefined,
      (error: unknown) => deps.onError(error),
    );
  };

  const cancelLeaving = (contactId: number) => {
    const timer = leaving.get(contactId);
    if (timer === undefined) return;
    clock.clearTimeout(timer);
    leaving.delete(contactId);
  };

  const cancelAll = () => {
    for (const timer of leaving.values()) clock.clearTimeout(timer);
    leaving.clear();
  };

  /** The contact's row goes once the grace has passed without a new `live`. */
  const scheduleLeave = (contactId: number) => {
    if (leaving.has(contactId)) return;
    const timer = clock.setTimeout(() => {
      leaving.delete(contactId);
      run(() => db.presence.delete(presenceKey('contact', contactId)));
    }, CONTACT_LIVE_GRACE_MS);
    leaving.set(contactId, timer);
  };

  async function idle(): Promise<void> {
    let current: Promise<void>;
    do {
      current = chain;
      await current;
    } while (current !== chain);
  }

  async function write(events: readonly PresenceEvent[], now: number): Promise<void> {
    await db.transaction('rw', db.presence, async () => {
      for (const event of events) {
        const key = presenceKey(event.kind, event.id);
        if (event.action === 'left') {
          if (event.kind === 'agent') await db.presence.delete(key);
          continue;
        }
        const existing = await db.presence.get(key);
        const view = event.action === 'viewing' ? event.view : { conversation_id: existing?.conversation_id ?? null, typing: existing?.typing ?? false };
        const row: PresenceRow = { key, kind: event.kind, id: event.id, live: true, ...view, updated_at: now };
        await db.presence.put(row);
      }
    });
  }

  return {
    apply(events) {
      if (stopped || events.length === 0) return;
      for (const event of events) {
        if (event.kind !== 'contact') continue;
        if (event.action === 'left') scheduleLeave(event.id);
        else cancelLeaving(event.id);
      }
      const now = clock.now();
      run(() => write(events, now));
    },
    clear() {
      if (stopped) return;
      cancelAll();
      run(() => db.presence.clear());
    },
    idle,
    async stop() {
      cancelAll();
      run(() => db.presence.clear());
      stopped = true;
      await idle();
    },
  };
}
