/**
 * cleanHtml runs before the message's attachments have ids (they get them in the write
 * transaction, once per organization the message is for), so a `cid:` image's data-src holds a
 * reference to the attachment's index, and resolveCidReferences swaps in the stored URL.
 */
const PREFIX = 'inbox-cid:';

export function cidReference(index: number): string {
  return `${PREFIX}${index}`;
}

/**
 * Points the `cid:` images of cleaned HTML at their stored attachments: `urlOf(index)` is the
 * URL of the attachment at that index, or null to leave the image without a source.
 * Sanitised HTML escapes `"`, `<` and `>` in every attribute value and `<` in text, so a
 * reference can only be an `<img>`'s own data-src attribute.
 */
export function resolveCidReferences(html: string, urlOf: (index: number) => string | null): string {
  return html.replace(new RegExp(`(<img\\b[^>]*?) data-src="${PREFIX}(\\d+)"`, 'g'), (_match, tag: string, index: string) => {
    const url = urlOf(Number(index));
    return url ? `${tag} data-src="${url}"` : tag;
  });
}
