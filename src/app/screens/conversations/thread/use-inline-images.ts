import { useEffect, useState } from 'react';
import type { Attachment } from '../../../../protocol/documents';
import { useApi } from '../../../api/api-context';
import { attachmentApiPath } from './attachment-files';

/** Larger inline images stay in the attachment list only. */
const INLINE_MAX_BYTES = 5 * 1024 * 1024;
const INLINE_TYPES = /^image\/(png|jpeg|gif|webp)$/;

/**
 * The message's own inline images (its `cid:` parts, attachments of this very message) as
 * data: URLs: the sandboxed frame cannot send the agent's token, so they are fetched here with
 * it. Only raster images the server serves as such, and only files of this message.
 */
export function useInlineImages(shown: readonly string[], attachments: readonly Attachment[]): ReadonlyMap<string, string> {
  const api = useApi();
  const [loaded, setLoaded] = useState<ReadonlyMap<string, string>>(() => new Map());
  const wanted = shown
    .filter((url) => attachments.some((file) => file.url === url && file.size <= INLINE_MAX_BYTES && INLINE_TYPES.test(file.type)))
    .join('\n');

  useEffect(() => {
    if (wanted === '') return;
    const controller = new AbortController();
    for (const url of wanted.split('\n')) {
      const path = attachmentApiPath(url);
      if (!path) continue;
      fetchWithRetry(() => api.getBlob(path, controller.signal), controller.signal)
        .then((blob) => (INLINE_TYPES.test(blob.type) ? dataUrl(blob) : null))
        .then((data) => {
          if (data !== null && !controller.signal.aborted) setLoaded((current) => new Map(current).set(url, data));
        })
        // An inline image that cannot be fetched stays hidden; the file is still in the list below.
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [api, wanted]);

  return loaded;
}

/** Tries a fetch up to 3 times (0.5 s, then 1 s apart): one dropped request must not hide an image for good. */
async function fetchWithRetry(fetchOnce: () => Promise<Blob>, signal: AbortSignal): Promise<Blob> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchOnce();
    } catch (error) {
      if (attempt >= 3 || signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('not a data URL')));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}
