import { beforeEach, describe, expect, it } from 'vitest';
import { createConnection, reconnectDelay } from '../../../../src/workers/socket/connection';
import type { ConnectionState, SocketLike } from '../../../../src/workers/socket/connection';
import { createFakeClock } from '../../support/fake-clock';

class FakeSocket implements SocketLike {
  sent: string[] = [];
  closedWith: number | null = null;
  failSends = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.failSends) throw new Error('InvalidStateError');
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
  }
  open() {
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  serverClose(code: number, reason = '') {
    this.onclose?.({ code, reason });
  }
}

let clock: ReturnType<typeof createFakeClock>;
let sockets: FakeSocket[];
let online: boolean;
let onlineCallbacks: (() => void)[];
let token: string | null;

function setup() {
  const connection = createConnection({
    clock,
    url: (init) => (token ? `ws://x/stream?token=${token}&init=${init}` : null),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    isOnline: () => online,
    onceOnline: (callback) => {
      onlineCallbacks.push(callback);
      return () => {
        onlineCallbacks = onlineCallbacks.filter((c) => c !== callback);
      };
    },
  });
  const states: ConnectionState[] = [];
  const connected: number[] = [];
  const messages: string[] = [];
  let unauthorized = 0;
  connection.on('state', (state) => states.push(state));
  connection.on('connected', (retry) => connected.push(retry));
  connection.on('message', (message) => messages.push(message.action));
  connection.on('unauthorized', () => unauthorized++);
  return { connection, states, connected, messages, unauthorized: () => unauthorized };
}

const last = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  clock = createFakeClock();
  sockets = [];
  online = true;
  onlineCallbacks = [];
  token = 'abc';
});

describe('realtime connection (§4)', () => {
  it('goes closed → connecting → open and announces connected with the retry count', () => {
    const { connection, states, connected } = setup();
    connection.start();
    expect(connection.state).toBe('connecting');
    last().open();
    expect(states).toEqual(['connecting', 'open']);
    expect(connected).toEqual([0]);
  });

  it('asks for init=true on the first connect only', () => {
    const { connection } = setup();
    connection.start();
    expect(last().url).toContain('init=true');
    last().open();
    last().serverClose(1006);
    clock.advance(500);
    expect(sockets).toHaveLength(2);
    expect(last().url).toContain('init=false');
  });

  it('asks for init=true again after 30 s of silence', () => {
    const { connection } = setup();
    connection.start();
    last().open();
    online = false;
    last().serverClose(1006);
    clock.advance(31_000);
    online = true;
    onlineCallbacks.forEach((callback) => callback());
    clock.advance(500);
    expect(last().url).toContain('init=true');
  });

  it('flushes sends queued while not open, in order, when it opens', () => {
    const { connection } = setup();
    connection.send('one');
    connection.start();
    connection.send('two');
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().sent).toEqual(['one', 'two']);
  });

  it('reconnects after 500 ms × retry, capped at 10 s, and reports the retry count on open', () => {
    const { connection, connected } = setup();
    connection.start();
    for (let retry = 1; retry <= 25; retry++) {
      last().serverClose(1006);
      const expected = Math.min(500 * retry, 10_000);
      clock.advance(expected - 1);
      expect(sockets).toHaveLength(retry);
      clock.advance(1);
      expect(sockets).toHaveLength(retry + 1);
    }
    last().open();
    expect(connected).toEqual([25]);
    expect(reconnectDelay(3)).toBe(1_500);
    expect(reconnectDelay(100)).toBe(10_000);
  });

  it('resets the retry count after a successful open', () => {
    const { connection, connected } = setup();
    connection.start();
    last().serverClose(1006);
    clock.advance(500);
    last().open();
    last().serverClose(1006);
    clock.advance(500);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(connected).toEqual([1, 1]);
  });

  it('waits while offline, then reconnects after the delay once online', () => {
    const { connection } = setup();
    connection.start();
    last().open();
    online = false;
    last().serverClose(1006);
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    online = true;
    onlineCallbacks.forEach((callback) => callback());
    clock.advance(499);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
  });

  it('does not reconnect after close code 1000', () => {
    const { connection } = setup();
    connection.start();
    last().open();
    last().serverClose(1000);
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(connection.state).toBe('closed');
  });

  it('does not reconnect after a deliberate stop', () => {
    const { connection, states } = setup();
    connection.start();
    last().open();
    connection.stop();
    expect(connection.state).toBe('closing');
    expect(last().closedWith).toBe(1000);
    last().serverClose(1000);
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(states).toEqual(['connecting', 'open', 'closing', 'closed']);
  });

  it('treats a JSON close reason with a 40 code as an ended session and does not reconnect', () => {
    const { connection, unauthorized } = setup();
    connection.start();
    last().serverClose(4001, JSON.stringify({ code: '401', error: 'Not signed in.' }));
    clock.advance(60_000);
    expect(unauthorized()).toBe(1);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects after a non-JSON reason or a code not starting with 40', () => {
    const { connection, unauthorized } = setup();
    connection.start();
    last().serverClose(4500, JSON.stringify({ code: '500' }));
    clock.advance(500);
    last().serverClose(1011, 'not json');
    clock.advance(1_000);
    expect(unauthorized()).toBe(0);
    expect(sockets).toHaveLength(3);
  });

  it('sends PING after 10 s of silence and declares a timeout with 3408 after 30 s', () => {
    const { connection } = setup();
    connection.start();
    const first = last();
    first.open();
    clock.advance(9_000);
    expect(first.sent).toEqual([]);
    clock.advance(1_000);
    expect(first.sent).toEqual(['PING']);
    clock.advance(10_000);
    expect(first.sent).toEqual(['PING', 'PING']);
    clock.advance(10_000);
    expect(first.closedWith).toBe(3408);
    expect(connection.state).not.toBe('open');
    clock.advance(500);
    expect(sockets).toHaveLength(2);
  });

  it('keeps the socket while PONGs and messages arrive', () => {
    const { connection, messages } = setup();
    connection.start();
    const first = last();
    first.open();
    for (let i = 0; i < 10; i++) {
      clock.advance(10_000);
      first.receive('PONG');
    }
    first.receive(JSON.stringify({ action: 'READY' }));
    expect(first.closedWith).toBeNull();
    expect(messages).toEqual(['READY']);
  });

  it('closes with 3500 when a send fails, and sends the message after reconnecting', () => {
    const { connection } = setup();
    connection.start();
    const first = last();
    first.open();
    first.failSends = true;
    connection.send('hello');
    expect(first.closedWith).toBe(3500);
    clock.advance(500);
    last().open();
    expect(last().sent).toEqual(['hello']);
  });

  it('ignores frames that are not valid messages', () => {
    const { connection, messages } = setup();
    connection.start();
    last().open();
    last().receive('{not json');
    last().receive(JSON.stringify({ action: 'EXPLODE' }));
    last().receive(JSON.stringify({ action: 'update', col: 'conversations', document: { id: 1 } }));
    expect(messages).toEqual(['update']);
  });

  it('stays closed without a token', () => {
    token = null;
    const { connection } = setup();
    connection.start();
    expect(connection.state).toBe('closed');
    expect(sockets).toHaveLength(0);
  });
});
