import type { Attachment } from '../../../protocol/documents';

/** Files of a message, as download links with their size. */
export function Attachments({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachments" aria-label="Attachments">
      {attachments.map((file) => (
        <li key={file.url}>
          <a className="attachment" href={file.url} download={file.name} rel="noopener">
            {file.name}
            <span className="attachment__size">{fileSize(file.size)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
