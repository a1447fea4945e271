import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Reads and drops what is left of a request body, up to `maxBytes` more and DRAIN_TIMEOUT_MS; a
 * sender that goes on past that is cut off (it then sees a reset, as it asked for). An answer
 * sent before the body is read away closes the connection under a client still writing it: the
 * client hits a reset (EPIPE) and never sees the answer.
 */
export function drainBody(body: Readable, maxBytes: number): Promise<void> {
  return new Promise((resolve) => {
    let dropped = 0;
    const finish = () => {
      clearTimeout(timer);
      body.off('data', onData);
      body.off('end', finish);
      body.off('error', finish);
      body.off('close', finish);
      resolve();
    };
    const cutOff = () => {
      body.destroy();
      finish();
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > maxBytes) cutOff();
    };
    const timer = setTimeout(cutOff, DRAIN_TIMEOUT_MS);
    if (body.readableEnded || body.destroyed) {
      finish();
      return;
    }
    body.on('data', onData);
    body.once('end', finish);
    body.once('error', finish);
    body.once('close', finish);
    body.resume();
  });
}

/** 413 and close: what is left of an oversized body (past the drain bound) is not worth reading. */
export function tooLarge(reply: FastifyReply, error: string): FastifyReply {
  return reply.code(413).header('connection', 'close').send({ error });
}
