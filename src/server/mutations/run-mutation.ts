import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_ERRORS } from '../../protocol/api/api-errors';
import { SESSION_HEADER } from '../../protocol/api/routes';
import { CONTROL_CHARACTERS_ERROR, hasControlCharacters } from '../../protocol/api/text-fields';
import { MUTATION_HEADER } from '../../protocol/realtime';
import type { AppContext } from '../app-context';
import type { MutationRow } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { signedIn } from '../http/auth-hook';
import { fieldError, HttpError } from '../http/http-error';
import type { SignedIn } from '../http/signed-in';
import { runWrite, type Write } from '../realtime/write-transaction';
import { answersRequest, findMutation, recordMutation, type MutationKey } from './mutation-queries';
import { requestFingerprint } from './request-fingerprint';

const MAX_ID_LENGTH = 200;

/** Thrown inside the transaction when another request with the same key got there first. */
class AlreadyAnswered extends Error {
  constructor(readonly row: MutationRow) {
    super('Mutation already answered');
  }
}

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (text.length > MAX_ID_LENGTH) throw fieldError(name, 'is too long');
  if (hasControlCharacters(text, 'single')) throw fieldError(name, CONTROL_CHARACTERS_ERROR);
  return text;
}

function mutationKey(request: FastifyRequest, caller: SignedIn): MutationKey | null {
  const mutationId = headerValue(request, MUTATION_HEADER);
  if (mutationId === null) return null;
  return {
    orgId: caller.organization.id,
    sessionId: headerValue(request, SESSION_HEADER) ?? '',
    mutationId,
    agentId: caller.agent.id,
    fingerprint: requestFingerprint(request),
  };
}

/**
 * A call to another service (Stripe) made before the write transaction, so no database lock is
 * held while it runs. It gets an idempotency key derived from the mutation id (the same for
 * every repeat of one outbox row, across instances and restarts), so that the service applies it
 * once even when the row is sent again before its first answer was stored; without a mutation
 * id, a fresh key. Its 4xx (HttpError) is stored like any other.
 */
export type ExternalCall<E> = (caller: SignedIn, idempotencyKey: string) => Promise<E>;

function externalIdempotencyKey(key: MutationKey | null): string {
  if (!key) return randomUUID();
  return createHash('sha256').update(`${key.orgId}\n${key.sessionId}\n${key.mutationId}`).digest('hex');
}

/** The id names a mutation another agent sent, or another request: never answer with its result. */
const reusedId = () => new HttpError(409, { error: API_ERRORS.mutationIdReused });

/**
 * Runs a mutating call in one write transaction. With a mutation id (MUTATION_HEADER, scoped
 * by the client session of SESSION_HEADER) its first answer is stored in that same transaction
 * and every repeat gets that answer back without writing anything, if it comes from the same
 * agent with the same request; any other use of the id answers 409. A 4xx is stored as failed,
 * so a retry is refused the same way instead of being applied later; a 5xx is not stored, so
 * it can be retried. Everything the call reads from the request is parsed inside `run`, so bad
 * input is such a 4xx too.
 */
export async function runMutation<E = undefined>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (write: Write, caller: SignedIn, external: E) => Promise<unknown>,
  options: { status?: 200 | 201 | 204; external?: ExternalCall<E> } = {},
): Promise<FastifyReply> {
  const caller = signedIn(request);
  const key = mutationKey(request, caller);
  const replay = (row: MutationRow) => {
    if (key && !answersRequest(row, key)) {
      ctx.metrics.mutations.failed += 1;
      throw reusedId();
    }
    ctx.metrics.mutations.replayed += 1;
    void reply.code(row.status_code).header('x-mutation-replayed', 'true');
    return row.result === null ? reply.send() : reply.type('application/json; charset=utf-8').send(row.result);
  };

  if (key) {
    const stored = await findMutation(ctx.db, key);
    if (stored) return replay(stored);
  }
  const statusCode = options.status ?? 200;
  try {
    const external = options.external ? await options.external(caller, externalIdempotencyKey(key)) : (undefined as E);
    const body = await runWrite(ctx, { orgId: caller.organization.id, mutationId: key?.mutationId ?? null }, async (write) => {
      if (key) {
        const stored = await findMutation(write.trx, key);
        if (stored) throw new AlreadyAnswered(stored);
      }
      const value = await run(write, caller, external);
      if (key) await recordMutation(write.trx, key, { status: 'applied', statusCode, body: value, now: write.now });
      return value;
    });
    ctx.metrics.mutations.applied += 1;
    return reply.code(statusCode).send(body);
  } catch (error) {
    if (error instanceof AlreadyAnswered) return replay(error.row);
    if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) {
      ctx.metrics.mutations.failed += 1;
      if (key) {
        try {
          await recordMutation(ctx.db, key, { status: 'failed', statusCode: error.statusCode, body: error.body, now: ctx.clock() });
        } catch (recordError) {
          if (!isUniqueViolation(recordError)) throw recordError;
          const stored = await findMutation(ctx.db, key);
          if (stored) return replay(stored);
        }
      }
      throw error;
    }
    if (key && isUniqueViolation(error)) {
      const stored = await findMutation(ctx.db, key);
      if (stored) return replay(stored);
    }
    throw error;
  }
}
