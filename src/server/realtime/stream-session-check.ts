import type { FastifyBaseLogger } from 'fastify';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { authFailureReason, CLOSE_CODES } from '../../protocol/realtime';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { StreamClient } from './stream-hub';

/** How often every open socket's session is checked again (other instances' revocations). */
export const SESSION_RECHECK_MS = 10_000;
const CHUNK = 500;

/** The sessions among `tokenIds` that still hold: not revoked, not expired, agent not removed. */
async function liveSessions(db: Db, tokenIds: number[], now: number): Promise<Set<number>> {
  const live = new Set<number>();
  for (let i = 0; i < tokenIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('auth_tokens')
      .innerJoin('agents', 'agents.id', 'auth_tokens.agent_id')
      .select('auth_tokens.id')
      .where('auth_tokens.id', 'in', tokenIds.slice(i, i + CHUNK))
      .where('auth_tokens.revoked_at', 'is', null)
      .where('auth_tokens.expires_at', '>', now)
      .where('agents.is_removed', '=', 0)
      .execute();
    for (const row of rows) live.add(row.id);
  }
  return live;
}

/**
 * A socket is signed in when it opens; this keeps it so. A session ended on this instance (sign
 * out, password change, removal) is checked at once; one ended on another instance, or one that
 * expired, within SESSION_RECHECK_MS. Its sockets close with 4001 and the JSON reason of §4, so
 * the client clears its token.
 */
export function createStreamSessionCheck(options: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  clients: () => Iterable<StreamClient>;
  intervalMs?: number;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const check = async () => {
    const open = [...options.clients()];
    if (open.length === 0) return;
    const live = await liveSessions(options.db, [...new Set(open.map((client) => client.tokenId))], options.clock());
    for (const client of open) {
      if (!live.has(client.tokenId)) client.socket.close(CLOSE_CODES.unauthorized, authFailureReason('401', API_ERRORS.notSignedIn));
    }
  };

  const checkNow = (): Promise<void> => {
    running = running.then(check).catch((error: unknown) => options.log.error({ err: error }, 'Stream session check failed'));
    return running;
  };

  return {
    checkNow,
    start() {
      timer ??= setInterval(() => void checkNow(), options.intervalMs ?? SESSION_RECHECK_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type StreamSessionCheck = ReturnType<typeof createStreamSessionCheck>;
