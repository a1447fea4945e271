import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { INBOUND_LIMITS, InboundRejection } from './inbound-limits';

/**
 * Writes a raw message to `path` as it arrives, so a content worker parses it afterwards and a
 * slow sender never holds a worker. Resolves to its size. Rejects with an InboundRejection:
 * TOO_LARGE as soon as it passes `maxBytes`, TIMEOUT when it takes longer than
 * INBOUND_LIMITS.arrivalTimeoutMs to arrive, MALFORMED when the source fails; any other error
 * (the disk) is ours. After a rejection the rest of `source` is still read and dropped, so an
 * SMTP session can answer at its end.
 */
export function spoolInboundEmail(source: Readable, path: string, maxBytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const file = createWriteStream(path, { flags: 'wx' });
    let size = 0;
    let settled = false;
    const timer = setTimeout(() => fail(new InboundRejection('TIMEOUT', 'The message took too long to arrive.')), INBOUND_LIMITS.arrivalTimeoutMs);

    function fail(error: unknown) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      file.destroy();
      source.resume();
      reject(error instanceof Error ? error : new Error(String(error)));
    }

    source.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > maxBytes) {
        fail(new InboundRejection('TOO_LARGE', `The message is larger than ${maxBytes} bytes.`));
        return;
      }
      if (!file.write(chunk)) {
        source.pause();
        file.once('drain', () => source.resume());
      }
    });
    source.on('end', () => {
      if (settled) return;
      file.end(() => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(size);
      });
    });
    source.on('error', (error) => fail(new InboundRejection('MALFORMED', `The message could not be read: ${error.message}`)));
    file.on('error', fail);
  });
}
