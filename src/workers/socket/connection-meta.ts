import type { ConnectionMeta, InboxDatabase } from '../../client-db/inbox-database';
import type { Clock } from './connection';

/**
 * The meta row 'connection' that screens read through a live query to show an honest
 * offline / connecting / caught-up indicator. Writes are chained so they land in call order.
 */
export function createConnectionMeta(db: InboxDatabase, clock: Clock, onError: (error: unknown) => void) {
  let meta: ConnectionMeta = { key: 'connection', state: 'closed', online: true, ready: false, retry: 0, updated_at: clock.now() };
  let chain: Promise<void> = Promise.resolve();
  let closed = false;

  function write(): void {
    const snapshot = meta;
    chain = chain
      .then(async () => {
        await db.meta.put(snapshot);
      })
      .catch(onError);
  }

  return {
    get current(): ConnectionMeta {
      return meta;
    },
    update(patch: Partial<Omit<ConnectionMeta, 'key' | 'updated_at'>>): void {
      if (closed) return;
      const next = { ...meta, ...patch };
      if (next.state === meta.state && next.online === meta.online && next.ready === meta.ready && next.retry === meta.retry) return;
      meta = { ...next, updated_at: clock.now() };
      write();
    },
    /** Writes the current row even if nothing changed (at start). */
    writeNow(): void {
      if (closed) return;
      meta = { ...meta, updated_at: clock.now() };
      write();
    },
    flush(): Promise<void> {
      return chain;
    },
    /** No more writes (the database is about to close). */
    close(): void {
      closed = true;
    },
  };
}

export type ConnectionMetaWriter = ReturnType<typeof createConnectionMeta>;
