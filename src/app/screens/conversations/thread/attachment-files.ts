import { API_BASE } from '../../../../protocol/api/routes';

/**
 * The API path (relative to /api/) of one of our attachments, or null for any other URL: the
 * agent's token is only ever sent to `attachments/{id}` of this origin, never to an address that
 * came from a message.
 */
export function attachmentApiPath(url: string): string | null {
  if (!url.startsWith(API_BASE)) return null;
  const path = url.slice(API_BASE.length);
  return /^attachments\/\d{1,16}$/.test(path) ? path : null;
}

/** A file's size as people read it: 512 B, 12 KB, 3.4 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Saves a fetched file under its name. The bytes are re-typed application/octet-stream, so the
 * blob: URL (of our origin) can only ever be a download, never a page that runs in the app.
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(new Blob([file], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes once click() returns; a later revoke only frees memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
