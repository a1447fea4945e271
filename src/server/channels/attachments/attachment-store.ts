import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file written to a temporary name: `commit` gives it its content address, `discard` removes it. */
export type PendingFile = {
  sha256: string;
  size: number;
  commit(): Promise<void>;
  discard(): Promise<void>;
};

/**
 * Attachment bytes under `DATA_DIR/attachments`, named by their SHA-256 (`ab/cd/abcd…`), so the
 * same file received twice is stored once and a name never says anything about its content.
 * Who may read a file is decided by the attachments table, never by knowing its hash.
 */
export type AttachmentStore = {
  /**
   * Streams `source` to a temporary file while hashing it; rejects (leaving nothing) on error,
   * with FileTooLarge as soon as it passes `maxBytes`.
   */
  receive(source: Readable, maxBytes?: number): Promise<PendingFile>;
  /** A new directory for one inbound message's temporary files, beside the store's (remove it when done). */
  workDir(): Promise<string>;
  /** A file written with writeHashedFile into a workDir, as a PendingFile of this store. */
  adopt(file: HashedFile & { path: string }): PendingFile;
  open(sha256: string): ReadStream;
  exists(sha256: string): Promise<boolean>;
};

/** A file over the size it was allowed. */
export class FileTooLarge extends Error {}

export type HashedFile = { sha256: string; size: number };

/**
 * Streams `source` to a new file at `path` while hashing it; rejects (leaving nothing) on error,
 * with FileTooLarge as soon as it passes `maxBytes`. Used by the store and by the content
 * workers, which write an inbound message's attachments where the store can adopt them.
 */
export async function writeHashedFile(source: Readable, path: string, maxBytes = Number.POSITIVE_INFINITY): Promise<HashedFile> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(size > maxBytes ? new FileTooLarge(`The file is larger than ${maxBytes} bytes.`) : null, chunk);
    },
  });
  try {
    await pipeline(source, measure, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return { sha256: hash.digest('hex'), size };
}

export function createAttachmentStore(dataDir: string): AttachmentStore {
  const root = join(dataDir, 'attachments');
  const tmp = join(root, 'tmp');
  const pathOf = (sha256: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('Not a SHA-256');
    return join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };
  const place = async (temporary: string, sha256: string) => {
    const target = pathOf(sha256);
    await mkdir(join(target, '..'), { recursive: true });
    // Equal content under the same name: replacing it (atomically) changes nothing.
    await rename(temporary, target);
  };

  const pending = (temporary: string, sha256: string, size: number): PendingFile => {
    let settled = false;
    return {
      sha256,
      size,
      async commit() {
        if (settled) return;
        settled = true;
        await place(temporary, sha256);
      },
      async discard() {
        if (settled) return;
        settled = true;
        await rm(temporary, { force: true });
      },
    };
  };

  const receive = async (source: Readable, maxBytes = Number.POSITIVE_INFINITY): Promise<PendingFile> => {
    await mkdir(tmp, { recursive: true });
    const temporary = join(tmp, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    const { sha256, size } = await writeHashedFile(source, temporary, maxBytes);
    return pending(temporary, sha256, size);
  };

  return {
    receive,
    async workDir() {
      await mkdir(tmp, { recursive: true });
      return mkdtemp(join(tmp, 'work-'));
    },
    adopt(file) {
      if (relative(tmp, file.path).startsWith('..') || !/^[0-9a-f]{64}$/.test(file.sha256)) throw new Error('Not a file of this store');
      return pending(file.path, file.sha256, file.size);
    },
    open: (sha256) => createReadStream(pathOf(sha256)),
    async exists(sha256) {
      try {
        return (await stat(pathOf(sha256))).isFile();
      } catch {
        return false;
      }
    },
  };
}
