import type { FastifyInstance } from 'fastify';
import type { PingResponse } from '../../protocol/api/models';
import { PROTOCOL_VERSION } from '../../protocol/version';

/** `GET /ping` (§7): tells a client that this origin serves the API, and which build. */
export function registerPingRoute(app: FastifyInstance, buildId: string): void {
  app.get('/ping', (_request, reply): PingResponse => {
    void reply.header('cache-control', 'no-store');
    return { ok: true, version: PROTOCOL_VERSION, build: buildId };
  });
}
