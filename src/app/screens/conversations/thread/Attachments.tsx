import { useState } from 'react';
import type { Attachment } from '../../../../protocol/documents';
import { useApi } from '../../../api/api-context';
import { failureText } from '../../../api/failure-text';
import { toFailure } from '../../../api/request-failure';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { useToasts } from '../../../components/Toasts';
import { attachmentApiPath, fileSize, saveFile } from './attachment-files';

/**
 * Files of a message, each a download button with its size. The file is fetched with the
 * agent's token in the header and saved from memory: a plain link could not carry the token,
 * and the token never goes into a URL. Names are text, whatever they contain.
 */
export function Attachments({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachments" aria-label="Attachments">
      {attachments.map((file, index) => (
        <li key={`${file.url}-${index}`}>
          <AttachmentDownload file={file} />
        </li>
      ))}
    </ul>
  );
}

function AttachmentDownload({ file }: { file: Attachment }) {
  const api = useApi();
  const { show } = useToasts();
  const [busy, setBusy] = useState(false);
  const path = attachmentApiPath(file.url);

  async function download() {
    if (!path || busy) return;
    setBusy(true);
    try {
      saveFile(await api.getBlob(path), file.name);
    } catch (error) {
      const text = failureText(toFailure(error));
      if (text) show({ tone: 'error', title: `${file.name} could not be downloaded`, body: text.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="attachment"
      disabled={!path}
      aria-busy={busy || undefined}
      aria-label={`Download ${file.name}, ${fileSize(file.size)}`}
      title={file.name}
      onClick={() => void download()}
    >
      {busy ? <Spinner /> : <Icon name="paperclip" size={14} />}
      <span className="attachment__name">{file.name}</span>
      <span className="attachment__size">{fileSize(file.size)}</span>
    </button>
  );
}
