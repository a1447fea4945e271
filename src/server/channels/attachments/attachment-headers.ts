import { replaceControlCharacters } from '../email-address';

/** Types a browser shows without running anything; everything else is served as bytes. */
const PASSIVE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/avif',
  'application/pdf',
  'text/plain',
  'text/csv',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'video/mp4',
  'video/webm',
  'application/zip',
]);

/** The Content-Type an attachment is served with: its own when passive, else application/octet-stream. */
export function attachmentContentType(type: string): string {
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!PASSIVE_TYPES.has(base)) return 'application/octet-stream';
  return base.startsWith('text/') ? `${base}; charset=utf-8` : base;
}

/** The type an uploaded file declares, when it is a plain `type/subtype`; else application/octet-stream. */
export function uploadedContentType(header: string | undefined): string {
  const base = header?.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,127}$/.test(base) ? base : 'application/octet-stream';
}

/**
 * `attachment` with the name twice: an ASCII fallback (quotes, backslashes, controls and
 * non-ASCII replaced) and the exact name as RFC 5987 `filename*`, so no name can break out of
 * the header or be read as a path.
 */
export function contentDisposition(name: string): string {
  const clean = replaceControlCharacters(name, '').replace(/^.*[\\/]/, '').trim() || 'attachment';
  const fallback = clean.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
