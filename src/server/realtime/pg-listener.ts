import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export type PgListener = { start(): void; stop(): Promise<void> };

const RETRY_STEP_MS = 500;
const RETRY_CAP_MS = 10_000;

/**
 * LISTENs on its own connection to the channels other instances sharing the PostgreSQL database
 * NOTIFY (committed changes, presence), handing each payload to its channel's handler. States:
 * stopped → connecting → listening → (connection lost) → waiting → connecting. After every
 * (re)connect `onReconnect` runs, because notifications sent while no connection listened are
 * gone.
 */
export function createPgListener(options: {
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** Handler per channel name (an SQL identifier); a throwing handler is logged, not fatal. */
  channels: Record<string, (payload: string) => void>;
  onReconnect(): void;
}): PgListener {
  const { log } = options;
  let client: pg.Client | undefined;
  let stopped = true;
  let retries = 0;
  let timer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;

  const retry = () => {
    if (stopped || timer) return;
    retries += 1;
    timer = setTimeout(() => {
      timer = undefined;
      connect();
    }, Math.min(RETRY_STEP_MS * retries, RETRY_CAP_MS));
  };

  const connect = () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: options.databaseUrl });
    client = next;
    next.on('notification', (message) => {
      const handle = Object.hasOwn(options.channels, message.channel) ? options.channels[message.channel] : undefined;
      if (!handle || !message.payload) return;
      try {
        handle(message.payload);
      } catch (error) {
        log.warn({ err: error, channel: message.channel }, 'Unreadable notification');
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'Notification listener connection failed');
      void next.end().catch(() => undefined);
      if (client === next) {
        client = undefined;
        retry();
      }
    });
    next.on('end', () => {
      if (client !== next) return;
      client = undefined;
      retry();
    });
    connecting = (async () => {
      try {
        await next.connect();
        for (const channel of Object.keys(options.channels)) await next.query(`LISTEN ${channel}`);
        if (stopped) return;
        retries = 0;
        options.onReconnect();
      } catch (error) {
        log.warn({ err: error }, 'Notification listener could not connect');
        void next.end().catch(() => undefined);
        if (client === next) {
          client = undefined;
          retry();
        }
      }
    })();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      connect();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await connecting;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
