import { useRef } from 'react';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { IconButton } from '../../../components/IconButton';
import { Spinner } from '../../../components/Spinner';
import { useBrowserOnline } from '../../../sync/use-connection';
import { fileSize } from '../thread/attachment-files';
import type { ReplyAttachments } from './use-reply-attachments';

/** The composer's "Attach" control: picks files and uploads them at once (online only). */
export function AttachButton({ files, what }: { files: ReplyAttachments; what: 'reply' | 'note' }) {
  const input = useRef<HTMLInputElement>(null);
  const online = useBrowserOnline();
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="attach-input"
        onChange={(event) => {
          files.add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <Button
        variant="ghost"
        size="small"
        disabled={!online}
        title={online ? `Attach files to this ${what}` : 'Attaching files needs a connection'}
        icon={<Icon name="paperclip" size={14} />}
        onClick={() => input.current?.click()}
      >
        Attach
      </Button>
    </>
  );
}

/** The files attached to the reply being written, each with its state and a remove button. */
export function AttachedFiles({ files }: { files: ReplyAttachments }) {
  const online = useBrowserOnline();
  if (files.files.length === 0 && online) return null;
  return (
    <div className="reply-files">
      {!online && <p className="reply-files__offline">Offline: files can be attached once you are back online. Replies without files still go out when the connection returns.</p>}
      {files.files.length > 0 && (
        <ul className="reply-files__list" aria-label="Attached files">
          {files.files.map((file) => (
            <li key={file.key} className={`reply-file reply-file--${file.state}`}>
              {file.state === 'uploading' ? <Spinner label={`Uploading ${file.name}`} /> : <Icon name={file.state === 'failed' ? 'alert' : 'paperclip'} size={14} />}
              <span className="reply-file__name" title={file.name}>
                {file.name}
              </span>
              <span className="reply-file__detail">{file.state === 'failed' ? file.error : fileSize(file.size)}</span>
              <IconButton label={`Remove ${file.name}`} icon="close" onClick={() => files.remove(file.key)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
