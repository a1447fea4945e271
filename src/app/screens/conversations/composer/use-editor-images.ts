import { useEffect, useMemo, useRef } from 'react';
import { ATTACHMENT_MAX_BYTES, type UploadedAttachment } from '../../../../protocol/api/channels';
import { apiPaths } from '../../../../protocol/api/routes';
import { useApi } from '../../../api/api-context';
import { failureText } from '../../../api/failure-text';
import { toFailure } from '../../../api/request-failure';
import { useToasts } from '../../../components/Toasts';
import { attachmentApiPath, fileSize } from '../thread/attachment-files';

export type EditorImages = {
  /** Uploads a pasted, dropped or picked image (a screenshot gets a name); says why in a toast if it cannot. */
  uploadImage: (file: File) => Promise<UploadedAttachment>;
  /** Our attachment URLs need the agent's token: fetched once and shown from a blob URL; other addresses as they are. */
  loadImage: (src: string) => Promise<string>;
};

/** The email editor's images: uploads like the Attach button's, and the fetches that show them. */
export function useEditorImages(): EditorImages {
  const api = useApi();
  const { show } = useToasts();
  const shown = useRef(new Map<string, Promise<string>>());
  useEffect(() => {
    const cache = shown.current;
    return () => {
      for (const url of cache.values()) void url.then((blobUrl) => URL.revokeObjectURL(blobUrl), () => undefined);
      cache.clear();
    };
  }, []);

  return useMemo(
    () => ({
      async uploadImage(file) {
        if (file.size > ATTACHMENT_MAX_BYTES) {
          show({ tone: 'error', title: 'Image not added', body: `It is larger than ${fileSize(ATTACHMENT_MAX_BYTES)}.` });
          throw new Error('too large');
        }
        const extension = file.type.split('/')[1] ?? 'png';
        const name = file.name && file.name !== `image.${extension}` ? file.name : `screenshot-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.${extension}`;
        try {
          return await api.upload<UploadedAttachment>(`${apiPaths.attachments}?name=${encodeURIComponent(name)}`, file);
        } catch (error) {
          show({ tone: 'error', title: 'Image not added', body: failureText(toFailure(error))?.message ?? 'The upload failed.' });
          throw error;
        }
      },
      loadImage(src) {
        const path = attachmentApiPath(src);
        if (path === null) return Promise.resolve(src);
        let loaded = shown.current.get(src);
        if (!loaded) {
          loaded = api.getBlob(path).then((blob) => URL.createObjectURL(blob));
          shown.current.set(src, loaded);
          loaded.catch(() => shown.current.delete(src));
        }
        return loaded;
      },
    }),
    [api, show],
  );
}
