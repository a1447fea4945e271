import { describe, expect, it } from 'vitest';
import type { WidgetMessage } from '../../../src/protocol/widget';
import { EMPTY_LOG, unsent, withFailure, withHistory, withMessage, withPending, withRetry } from '../../../src/widget/chat-log';

const message = (id: string, at: number, extra: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id,
  from: 'agent',
  text: `text of ${id}`,
  at,
  author: 'Sam',
  client_id: null,
  ...extra,
});

const texts = (log: readonly { text: string }[]) => log.map((entry) => entry.text);

describe('the widget conversation log', () => {
  it('shows a message the visitor writes at once, then the server copy in its place', () => {
    const pending = withPending(EMPTY_LOG, 'client-1', 'Hello?', 1_000);
    expect(pending).toMatchObject([{ text: 'Hello?', state: 'sending', from: 'visitor' }]);
    const confirmed = withMessage(pending, message('m-9', 1_005, { from: 'visitor', author: null, client_id: 'client-1', text: 'Hello?' }));
    expect(confirmed).toEqual([{ ...message('m-9', 1_005, { from: 'visitor', author: null, client_id: 'client-1', text: 'Hello?' }), state: 'sent', error: null }]);
  });

  it('keeps one copy when the echo for other tabs arrives before or after the answer to the send', () => {
    const sent = message('m-3', 2_000, { from: 'visitor', author: null, client_id: 'client-3' });
    const pending = withPending(EMPTY_LOG, 'client-3', sent.text, 1_999);
    expect(withMessage(withMessage(pending, sent), sent)).toHaveLength(1);
  });

  it('orders messages by time whatever order they arrive in', () => {
    const log = [message('m-2', 200), message('m-1', 100), message('m-3', 300)].reduce(withMessage, EMPTY_LOG);
    expect(log.map((entry) => entry.id)).toEqual(['m-1', 'm-2', 'm-3']);
  });

  it('a reconnect replaces the log with the history and keeps only the messages still unsent', () => {
    let log = withMessage(EMPTY_LOG, message('m-1', 100));
    log = withPending(log, 'kept-1', 'not sent yet', 500);
    log = withPending(log, 'stored-1', 'stored meanwhile', 400);
    const history = [message('m-1', 100), message('m-2', 450, { from: 'visitor', author: null, client_id: 'stored-1', text: 'stored meanwhile' })];
    const next = withHistory(log, history);
    expect(texts(next)).toEqual(['text of m-1', 'stored meanwhile', 'not sent yet']);
    expect(unsent(next).map((entry) => entry.client_id)).toEqual(['kept-1']);
  });

  it('marks a refused message with the reason, and a retry sends it again', () => {
    const log = withFailure(withPending(EMPTY_LOG, 'client-7', 'x'.repeat(10), 1), 'client-7', 'Too long.');
    expect(log[0]).toMatchObject({ state: 'failed', error: 'Too long.' });
    expect(unsent(log)).toEqual([]);
    const retried = withRetry(log, 'client-7');
    expect(retried[0]).toMatchObject({ state: 'sending', error: null });
    expect(unsent(retried)).toHaveLength(1);
  });
});
