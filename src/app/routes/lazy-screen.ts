import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../protocol/constants';
import { ChunkLoadError, chunkLoaded } from './chunk-reload';

type ScreenModule = { default: ComponentType };

/**
 * A React Router `lazy` loader for a screen module. A failure becomes a ChunkLoadError, which
 * RouteError answers with the once-only reload of §2 — there, the URL is already the screen's,
 * so the reload lands on it.
 */
export function lazyScreen(load: () => Promise<ScreenModule>): () => Promise<{ Component: ComponentType }> {
  return async () => {
    let module: ScreenModule;
    try {
      module = await withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
    } catch (error) {
      throw new ChunkLoadError(error);
    }
    chunkLoaded(sessionStorage);
    return { Component: module.default };
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading a part of the app timed out.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
