import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { CHANGES_CHANNEL } from './write-transaction';

const payloadSchema = z.object({ org_id: z.number().int(), seq: z.number().int() });

export type ChangeListener = { start(): void; stop(): Promise<void> };

const RETRY_STEP_MS = 500;
const RETRY_CAP_MS = 10_000;

/**
 * LISTENs on its own connection for changes committed by any instance sharing the PostgreSQL
 * database. States: stopped → connecting → listening → (connection lost) → waiting → connecting.
 * After every (re)connect `onReconnect` runs, because notifications sent while no connection
 * listened are gone.
 */
export function createPgChangeListener(options: {
  databaseUrl: string;
  log: FastifyBaseLogger;
  onChange(orgId: number, seq: number): void;
  onReconnect(): void;
}): ChangeListener {
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
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      try {
        const parsed = payloadSchema.safeParse(JSON.parse(message.payload));
        if (parsed.success) options.onChange(parsed.data.org_id, parsed.data.seq);
      } catch {
        log.warn({ payload: message.payload }, 'Unreadable change notification');
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'Change listener connection failed');
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
        await next.query(`LISTEN ${CHANGES_CHANNEL}`);
        if (stopped) return;
        retries = 0;
        options.onReconnect();
      } catch (error) {
        log.warn({ err: error }, 'Change listener could not connect');
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
