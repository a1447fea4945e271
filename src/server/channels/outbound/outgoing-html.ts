import { API_BASE, apiPaths } from '../../../protocol/api/routes';
import type { Message } from '../../../protocol/documents';

/**
 * A formatted reply as it leaves: the stored (sanitised) HTML with its images given back their
 * `src`. The reply's own files shown inline become `cid:` parts of the mail (the customer's
 * client cannot fetch the inbox's authenticated URLs); other images keep their address.
 * Null for a reply without formatting (sent as text only).
 */
export function outgoingHtml(message: Pick<Message, 'html'>, files: readonly { id: number }[]): { html: string; inline: Set<number> } | null {
  if (!message.html) return null;
  const byUrl = new Map(files.map((file) => [`${API_BASE}${apiPaths.attachment(file.id)}`, file.id]));
  const inline = new Set<number>();
  const html = message.html.replace(/<img\b([^>]*?)\sdata-src="([^"]*)"/g, (_match, before: string, address: string) => {
    const id = byUrl.get(address.replace(/&amp;/g, '&'));
    if (id === undefined) return `<img${before} src="${address}"`;
    inline.add(id);
    return `<img${before} src="cid:${inlineCid(id)}"`;
  });
  return { html: `<!doctype html><html><body>${html}</body></html>`, inline };
}

/** The Content-ID of a reply's inline file. */
export function inlineCid(fileId: number): string {
  return `attachment-${fileId}@inline.invalid`;
}
