import { useCallback, useMemo, useRef, useState } from 'react';
import { ATTACHMENT_MAX_BYTES, type UploadedAttachment } from '../../../../protocol/api/channels';
import { apiPaths } from '../../../../protocol/api/routes';
import { useApi } from '../../../api/api-context';
import { failureText } from '../../../api/failure-text';
import { toFailure } from '../../../api/request-failure';
import { fileSize } from '../thread/attachment-files';

/** Most files one reply carries (the server's replyBody limit). */
export const REPLY_MAX_FILES = 10;

export type ReplyFile = {
  key: number;
  name: string;
  size: number;
  state: 'uploading' | 'ready' | 'failed';
  uploaded: UploadedAttachment | null;
  error: string | null;
};

export type ReplyAttachments = {
  files: readonly ReplyFile[];
  /** Uploads each file at once (`POST attachments/?name=`); too large or too many are refused here. */
  add: (picked: readonly File[]) => void;
  remove: (key: number) => void;
  /** The uploaded files, in the order they were picked, for the reply mutation. */
  ready: readonly UploadedAttachment[];
  uploading: boolean;
  /** After a send: the files went with it. */
  clear: () => void;
};

/**
 * The files attached to the reply being written. Uploading needs the network (the file goes to
 * the server before the reply does), so the reply itself stays offline-capable: it only carries
 * the uploaded ids, which the outbox sends whenever it can.
 */
export function useReplyAttachments(): ReplyAttachments {
  const api = useApi();
  const [files, setFiles] = useState<ReplyFile[]>([]);
  const nextKey = useRef(1);

  const update = useCallback((key: number, change: Partial<ReplyFile>) => {
    setFiles((list) => list.map((file) => (file.key === key ? { ...file, ...change } : file)));
  }, []);

  const add = useCallback(
    (picked: readonly File[]) => {
      const room = REPLY_MAX_FILES - files.filter((file) => file.state !== 'failed').length;
      const added: ReplyFile[] = picked.map((file, index) => {
        const base = { key: nextKey.current++, name: file.name || 'attachment', size: file.size, uploaded: null };
        if (index >= room) return { ...base, state: 'failed', error: `A reply takes at most ${REPLY_MAX_FILES} files.` };
        if (file.size > ATTACHMENT_MAX_BYTES) return { ...base, state: 'failed', error: `Larger than ${fileSize(ATTACHMENT_MAX_BYTES)}.` };
        return { ...base, state: 'uploading', error: null };
      });
      setFiles((list) => [...list, ...added]);
      added.forEach((entry, index) => {
        const file = picked[index];
        if (entry.state !== 'uploading' || !file) return;
        api.upload<UploadedAttachment>(`${apiPaths.attachments}?name=${encodeURIComponent(entry.name)}`, file).then(
          (uploaded) => update(entry.key, { state: 'ready', uploaded }),
          (error: unknown) => update(entry.key, { state: 'failed', error: failureText(toFailure(error))?.message ?? 'The upload failed.' }),
        );
      });
    },
    [api, update, files],
  );

  const remove = useCallback((key: number) => setFiles((list) => list.filter((file) => file.key !== key)), []);
  const clear = useCallback(() => setFiles([]), []);
  const ready = useMemo(() => files.flatMap((file) => (file.state === 'ready' && file.uploaded ? [file.uploaded] : [])), [files]);
  const uploading = files.some((file) => file.state === 'uploading');
  return useMemo(() => ({ files, add, remove, ready, uploading, clear }), [files, add, remove, ready, uploading, clear]);
}
