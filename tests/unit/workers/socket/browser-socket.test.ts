import { deflateSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { browserSocket, orderedDelivery } from '../../../../src/workers/socket/browser-socket';

/** The browser's WebSocket as browserSocket uses it: the test plays the server through it. */
class FakeWebSocket {
  static last: FakeWebSocket | null = null;
  binaryType = 'blob';
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  send(): void {}
  close(code: number): void {
    this.closedWith = code;
  }
}

const deflated = (frame: unknown): ArrayBuffer => {
  const bytes = deflateSync(JSON.stringify(frame));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

function opened() {
  const socket = browserSocket('wss://inbox.test/stream');
  const ws = FakeWebSocket.last!;
  const seen: unknown[] = [];
  socket.onmessage = (event) => seen.push(event.data);
  socket.onclose = (event) => seen.push(`closed ${event.code}`);
  return { ws, seen };
}

beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
afterEach(() => vi.unstubAllGlobals());

it('asks for binary frames as ArrayBuffers', () => {
  expect(opened().ws.binaryType).toBe('arraybuffer');
});

it('hands on a deflated batch as its text, in order with the text frames and the close that came after it', async () => {
  const { ws, seen } = opened();
  const batch = { action: 'fetch', col: 'messages', documents: [{ id: 'm1' }, { id: 'm2' }] };
  ws.onmessage?.({ data: '{"action":"RESET"}' });
  ws.onmessage?.({ data: deflated(batch) });
  ws.onmessage?.({ data: '{"action":"READY","cursor":7}' });
  ws.onclose?.({ code: 1006, reason: '' });
  // RESET went at once; the rest waits behind the batch being inflated.
  expect(seen).toEqual(['{"action":"RESET"}']);
  await vi.waitFor(() => expect(seen).toHaveLength(4));
  expect(seen).toEqual(['{"action":"RESET"}', JSON.stringify(batch), '{"action":"READY","cursor":7}', 'closed 1006']);
});

it('hands text frames on at once while no batch is being inflated', () => {
  const { ws, seen } = opened();
  ws.onmessage?.({ data: 'PONG' });
  ws.onmessage?.({ data: '{"action":"READY","cursor":1}' });
  expect(seen).toEqual(['PONG', '{"action":"READY","cursor":1}']);
});

it('closes the socket on a batch it cannot inflate, and hands on nothing after it', async () => {
  const { ws, seen } = opened();
  ws.onmessage?.({ data: new Uint8Array([1, 2, 3, 4]).buffer });
  ws.onmessage?.({ data: '{"action":"READY","cursor":7}' });
  await vi.waitFor(() => expect(ws.closedWith).toBe(3500));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(seen).toEqual([]);
});

it('reports an error thrown by a handler that had to wait, and still runs the handlers after it', async () => {
  const reported: unknown[] = [];
  const seen: string[] = [];
  const inOrder = orderedDelivery((error) => reported.push(error));
  let inflated!: () => void;
  const inflating = new Promise<void>((resolve) => (inflated = resolve));
  inOrder.later(() => inflating);
  inOrder.now(() => {
    throw new Error('handler failed');
  });
  inOrder.now(() => seen.push('after'));
  inflated();
  await vi.waitFor(() => expect(seen).toEqual(['after']));
  expect(reported).toEqual([new Error('handler failed')]);
});

it('keeps the socket open when the handler of a batch\'s text throws: the error is the handler\'s, reported, not an unreadable batch', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    const socket = browserSocket('wss://inbox.test/stream');
    const ws = FakeWebSocket.last!;
    const seen: unknown[] = [];
    socket.onmessage = (event) => {
      seen.push(event.data);
      if (seen.length === 1) throw new Error('handler failed');
    };
    ws.onmessage?.({ data: deflated({ action: 'fetch', col: 'messages', documents: [] }) });
    ws.onmessage?.({ data: '{"action":"READY","cursor":7}' });
    // Not vi.waitFor: with fake timers it runs them, and the error would be thrown again here.
    // The inflate runs on Node's thread pool: on a busy machine it takes more than a few turns.
    const deadline = Date.now() + 10_000;
    while (seen.length < 2 && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toHaveLength(2);
    expect(ws.closedWith).toBeNull();
    // The error waits to be thrown again in a task of its own.
    expect(vi.getTimerCount()).toBe(1);
  } finally {
    vi.clearAllTimers();
    vi.useRealTimers();
  }
});
