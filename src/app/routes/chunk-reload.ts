/**
 * A script chunk that fails to load usually means a new version was deployed and the old
 * hashed files are gone (§2: the page reloads). The reload happens once per failure streak:
 * a flag in sessionStorage survives the reload and is cleared by the next chunk that loads, so
 * a chunk that is really broken shows an error instead of reloading forever.
 */
const KEY = 'chunk-reload-attempted';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** True when a reload was started; false when one was already tried (or cannot be guarded). */
export function reloadOnceAfterChunkError(storage: FlagStorage, reload: () => void): boolean {
  try {
    if (storage.getItem(KEY) !== null) return false;
    storage.setItem(KEY, String(Date.now()));
  } catch {
    return false;
  }
  reload();
  return true;
}

export function chunkLoaded(storage: FlagStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Without storage there is no flag to clear.
  }
}

/** A script chunk of the app could not be loaded (network, deploy, timeout). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the app could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}
