import type { ConnectionMeta } from '../../client-db/inbox-database';

export type ConnectionStatus =
  | { kind: 'live' }
  | { kind: 'syncing' | 'connecting' | 'reconnecting' | 'offline'; waiting: number };

/**
 * What the shell says about the connection (honestly: only "live" once the worker reports the
 * socket open and caught up). `browserOnline` is the page's own navigator.onLine, which reacts
 * before the worker has noticed; `waiting` is the number of unsent outbox rows.
 */
export function connectionStatus(meta: ConnectionMeta | undefined, browserOnline: boolean, waiting: number): ConnectionStatus {
  if (!browserOnline || meta?.online === false) return { kind: 'offline', waiting };
  if (meta === undefined) return { kind: 'connecting', waiting };
  if (meta.state === 'open') return meta.ready ? { kind: 'live' } : { kind: 'syncing', waiting };
  if (meta.retry === 0 && meta.state !== 'closing') return { kind: 'connecting', waiting };
  return { kind: 'reconnecting', waiting };
}

export const CONNECTION_TEXTS = {
  live: 'Live',
  syncing: 'Syncing…',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: "Offline — changes will sync when you're back",
} as const;

/** "1 change waiting", "3 changes waiting", or nothing. */
export function waitingText(count: number): string | null {
  if (count <= 0) return null;
  return count === 1 ? '1 change waiting' : `${count} changes waiting`;
}
