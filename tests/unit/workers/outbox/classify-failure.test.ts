import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../../../src/protocol/error-texts';
import { classifyOutcome, failureText, retryDelay } from '../../../../src/workers/outbox/classify-failure';
import { pickSendable } from '../../../../src/workers/outbox/pick-sendable';

const response = (status: number, body: unknown = null) => ({ kind: 'response' as const, status, body });

describe('classifyOutcome', () => {
  it('retries network errors, timeouts, 5xx and 429', () => {
    for (const outcome of [{ kind: 'network' as const }, { kind: 'timeout' as const }, response(500), response(503), response(429), response(408)]) {
      expect(classifyOutcome(outcome)).toEqual({ kind: 'retry' });
    }
  });

  it('stops on 401', () => {
    expect(classifyOutcome(response(401, { error: 'Not signed in.' }))).toEqual({ kind: 'unauthorized' });
  });

  it('makes other 4xx permanent with the §8 text', () => {
    expect(classifyOutcome(response(400, { errors: { message: 'is required' } }))).toEqual({ kind: 'permanent', text: 'message: is required' });
    expect(classifyOutcome(response(409, { error: 'This message has already been sent.' }))).toEqual({
      kind: 'permanent',
      text: 'This message has already been sent.',
    });
    expect(classifyOutcome(response(404, '<html>Not found</html>'))).toEqual({ kind: 'permanent', text: ERROR_TEXTS.unexpected });
  });

  it('accepts any 2xx with its body', () => {
    expect(classifyOutcome(response(201, { id: 1 }))).toEqual({ kind: 'done', body: { id: 1 } });
    expect(classifyOutcome(response(204))).toEqual({ kind: 'done', body: null });
  });
});

describe('failureText (§8)', () => {
  it('shows the first entry of an errors object as key: message', () => {
    expect(failureText({ errors: { name: 'is too long', other: 'x' } })).toBe('name: is too long');
    expect(failureText({ errors: { name: ['is too long'] } })).toBe('name: is too long');
  });
  it('shows an error string as it is', () => {
    expect(failureText({ error: 'Only a message can be undone.' })).toBe(ERROR_TEXTS.undoNotMessage);
  });
  it('falls back to the unexpected-error text', () => {
    expect(failureText(null)).toBe(ERROR_TEXTS.unexpected);
    expect(failureText({ error: '' })).toBe(ERROR_TEXTS.unexpected);
  });
});

describe('retryDelay', () => {
  it('grows by 500 ms per attempt and stops at 10 s', () => {
    expect([1, 2, 3, 4, 19, 20, 21, 100].map(retryDelay)).toEqual([500, 1000, 1500, 2000, 9500, 10_000, 10_000, 10_000]);
  });
});

describe('pickSendable', () => {
  const row = (id: number, lane: number, send_at = 0) => ({ id, seq: id, lane, send_at });

  it('takes only the first row of each lane, in seq order', () => {
    expect(pickSendable([row(3, 2), row(1, 1), row(2, 1), row(4, 3)], new Set(), 10).ready).toEqual([1, 3, 4]);
  });

  it('holds a lane while its head is in flight', () => {
    expect(pickSendable([row(1, 1), row(2, 1), row(3, 2)], new Set([1]), 10).ready).toEqual([3]);
  });

  it('skips a lane in backoff without holding the others, and says when to wake', () => {
    const plan = pickSendable([row(1, 1, 500), row(2, 1), row(3, 2), row(4, 3, 200)], new Set(), 100);
    expect(plan).toEqual({ ready: [3], wakeAt: 200 });
  });
});
