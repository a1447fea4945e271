import type { Readable } from 'node:stream';
import { normalizeMessageId } from '../email-address';

const MAX_READ = 64 * 1024;

/**
 * The Message-IDs in the returned headers of a delivery report (RFC 3464: the message/rfc822 or
 * text/rfc822-headers part of a bounce), read from the first 64 KiB while the part streams on
 * to the attachment store. They tell which of our messages bounced.
 */
export function readDeliveryReport(part: Readable): Promise<string[]> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      part.off('data', collect);
      const head = Buffer.concat(chunks).toString('utf8').split(/\r?\n\r?\n/)[0] ?? '';
      const ids = [...head.matchAll(/^(?:original-)?message-id:[ \t]*(<[^>\r\n]{1,250}>)/gim)]
        .map((match) => normalizeMessageId(match[1] ?? ''))
        .filter((id): id is string => id !== null);
      resolve(ids.slice(0, 5));
    };
    const collect = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(bytes);
      length += bytes.length;
      if (length >= MAX_READ) finish();
    };
    part.on('data', collect);
    part.once('end', finish);
    part.once('close', finish);
    part.once('error', finish);
  });
}
