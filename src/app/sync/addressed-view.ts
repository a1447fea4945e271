import type { ViewState } from '../../protocol/presence';

/** The conversation the address names (`/{domain}/conversations/view/{id}`), as the tab's first view. */
export function addressedView(slug: string, pathname: string): ViewState | undefined {
  const match = /^\/([^/]+)\/conversations\/view\/([1-9][0-9]{0,14})\/?$/.exec(pathname);
  if (match?.[1] !== slug || match[2] === undefined) return undefined;
  return { conversation_id: Number(match[2]), typing: false };
}
