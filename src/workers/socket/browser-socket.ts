import { CLOSE_CODES } from '../../protocol/realtime';
import type { SocketLike } from './connection';

/**
 * A WebSocket seen through the small SocketLike port that connection.ts is written against.
 *
 * Binary frames are a bootstrap's deflated batches (`batches=deflate` on `/stream`): each is
 * inflated to the text it stands for before it is handed on. Inflating is asynchronous
 * (DecompressionStream), so from the first binary frame until everything received has been
 * handed on, later frames and the close wait their turn: the order the server sent is the order
 * connection.ts sees.
 */
export function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  ws.binaryType = 'arraybuffer';
  const socket: SocketLike = {
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  const inOrder = orderedDelivery();
  // A batch that cannot be inflated: nothing after it is handed on (the bootstrap would miss its
  // documents), and the socket is closed, so that the connection starts over.
  let broken = false;
  const deliver = (data: unknown) => {
    if (!broken) socket.onmessage?.({ data });
  };
  ws.onopen = () => socket.onopen?.();
  ws.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (!(data instanceof ArrayBuffer)) {
      inOrder.now(() => deliver(data));
      return;
    }
    inOrder.later(async () => {
      if (broken) return;
      let text: string;
      try {
        text = await inflatedText(data);
      } catch {
        broken = true;
        ws.close(CLOSE_CODES.sendFailure, 'Unreadable batch');
        return;
      }
      // Outside the try: an error of the handler is its own, reported as a text frame's is, not
      // taken for an unreadable batch.
      deliver(text);
    });
  };
  ws.onclose = (event) => inOrder.now(() => socket.onclose?.({ code: event.code, reason: event.reason }));
  ws.onerror = () => socket.onerror?.();
  return socket;
}

/**
 * The text a deflated batch stands for (zlib format, as the server's deflateSync writes it).
 * The bytes go straight into the DecompressionStream: a Blob's stream would hand them to the
 * browser's blob store and read them back across processes first.
 */
export async function inflatedText(bytes: ArrayBuffer): Promise<string> {
  const inflate = new DecompressionStream('deflate');
  const writer = inflate.writable.getWriter();
  // Not awaited: unreadable bytes reject the read below, which is what the caller sees.
  writer.write(new Uint8Array(bytes)).catch(() => undefined);
  writer.close().catch(() => undefined);
  return new Response(inflate.readable).text();
}

/** An error where nothing awaits it: thrown from a task of its own, as an uncaught error is. */
function rethrowLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  });
}

/**
 * Runs handlers in the order they were given: at once while nothing asynchronous is pending, else
 * after it. A queued handler that throws does not hold back those after it; its error is
 * `report`ed (by default thrown again in a task of its own, as it would have been had it run at
 * once), not swallowed.
 */
export function orderedDelivery(report: (error: unknown) => void = rethrowLater): {
  now(run: () => void): void;
  later(run: () => Promise<void>): void;
} {
  let pending = 0;
  let chain: Promise<void> = Promise.resolve();
  const queue = (run: () => void | Promise<void>) => {
    pending += 1;
    chain = chain
      .then(run)
      .catch(report)
      .finally(() => {
        pending -= 1;
      });
  };
  return {
    now(run) {
      if (pending === 0) run();
      else queue(run);
    },
    later: queue,
  };
}
