import { describe, expect, it } from 'vitest';
import { WIDGET_CLOSE_CODES } from '../../../src/protocol/widget';
import { createWidgetConnection, type ConnectionState, type SocketHandlers } from '../../../src/widget/widget-connection';
import { createFakeClock } from '../support/fake-clock';

type FakeSocket = { url: string; handlers: SocketHandlers; open: boolean; sent: string[]; closedWith: number | null };

/** A connection on a fake clock and fake sockets; `online` can be switched. */
function harness() {
  const clock = createFakeClock();
  const sockets: FakeSocket[] = [];
  const states: ConnectionState[] = [];
  const frames: unknown[] = [];
  let online = true;
  let onlineCallback: (() => void) | null = null;
  const connection = createWidgetConnection(
    { url: () => `wss://inbox.example.com/widget/stream?n=${sockets.length}`, onFrame: (frame) => frames.push(frame), onState: (state) => states.push(state) },
    {
      clock,
      createSocket(url, handlers) {
        const socket: FakeSocket = { url, handlers, open: true, sent: [], closedWith: null };
        sockets.push(socket);
        return { isOpen: () => socket.open, send: (text) => socket.sent.push(text), close: (code) => (socket.closedWith = code ?? 1005) };
      },
      isOnline: () => online,
      whenOnline(callback) {
        onlineCallback = callback;
        return () => (onlineCallback = null);
      },
    },
  );
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('No socket yet');
    return socket;
  };
  return {
    clock,
    sockets,
    states,
    frames,
    connection,
    last,
    ready: () => last().handlers.onMessage(JSON.stringify({ action: 'ready', visitor: 'v', messages: [], profile: { name: null, email: null } })),
    serverClose: (code: number) => {
      last().open = false;
      last().handlers.onClose(code);
    },
    setOnline(value: boolean) {
      online = value;
      if (value) onlineCallback?.();
    },
  };
}

describe('the widget connection', () => {
  it('reconnects after 500 ms more per failed attempt, and from 500 ms again once a socket was ready', () => {
    const h = harness();
    h.connection.start();
    h.serverClose(1006);
    h.clock.advance(499);
    expect(h.sockets).toHaveLength(1);
    h.clock.advance(1);
    expect(h.sockets).toHaveLength(2);
    h.serverClose(1006);
    h.clock.advance(999);
    expect(h.sockets).toHaveLength(2);
    h.clock.advance(1);
    expect(h.sockets).toHaveLength(3);
    h.ready();
    expect(h.states.at(-1)).toBe('open');
    h.serverClose(1011);
    h.clock.advance(500);
    expect(h.sockets).toHaveLength(4);
  });

  it('stops for good when the chat is off, and waits a minute when the address has too many sockets', () => {
    const h = harness();
    h.connection.start();
    h.serverClose(WIDGET_CLOSE_CODES.tooManyConnections);
    h.clock.advance(59_999);
    expect(h.sockets).toHaveLength(1);
    h.clock.advance(1);
    expect(h.sockets).toHaveLength(2);
    h.serverClose(WIDGET_CLOSE_CODES.unavailable);
    h.clock.advance(600_000);
    expect(h.sockets).toHaveLength(2);
    expect(h.states.at(-1)).toBe('unavailable');
  });

  it('sends frames only once the socket is ready', () => {
    const h = harness();
    h.connection.start();
    expect(h.connection.send({ action: 'send', client_id: 'client-1', text: 'Hi' })).toBe(false);
    h.ready();
    expect(h.connection.send({ action: 'send', client_id: 'client-1', text: 'Hi' })).toBe(true);
    expect(h.last().sent).toEqual(['{"action":"send","client_id":"client-1","text":"Hi"}']);
    expect(h.frames).toMatchObject([{ action: 'ready' }]);
  });

  it('pings a silent socket and replaces it when the ping goes unanswered', () => {
    const h = harness();
    h.connection.start();
    h.ready();
    h.clock.advance(25_000);
    expect(h.last().sent).toEqual(['PING']);
    h.last().handlers.onMessage('PONG');
    h.clock.advance(20_000);
    expect(h.sockets).toHaveLength(1);
    // The next PING gets no answer: the socket is left and a new one opened.
    h.clock.advance(10_000);
    expect(h.last().sent).toEqual(['PING', 'PING']);
    h.clock.advance(25_000);
    expect(h.sockets[0]?.closedWith).not.toBeNull();
    h.clock.advance(500);
    expect(h.sockets).toHaveLength(2);
  });

  it('waits for the browser to be online before connecting', () => {
    const h = harness();
    h.setOnline(false);
    h.connection.start();
    expect(h.sockets).toHaveLength(0);
    expect(h.states).toEqual(['waiting']);
    h.setOnline(true);
    expect(h.sockets).toHaveLength(1);
    expect(h.states.at(-1)).toBe('connecting');
  });
});
