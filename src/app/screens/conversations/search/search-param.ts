/** `?search=<text>` on the conversations screen: the list pane shows that search's results. */
export const SEARCH_PARAM = 'search';

/** The search field's element id, for the `/` shortcut. */
export const SEARCH_FIELD_ID = 'conversation-search';

/** Navigation state that asks the conversations screen to focus its search field when it opens. */
export type FocusSearchState = { focusSearch: true };

export function wantsSearchFocus(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<FocusSearchState>).focusSearch === true;
}

/** `/`: focuses the search field when the screen shows one; otherwise says so (the caller navigates). */
export function focusSearchField(): boolean {
  const field = document.getElementById(SEARCH_FIELD_ID);
  // On a phone the list pane, and its field, is hidden while a conversation is open.
  if (!(field instanceof HTMLInputElement) || field.offsetParent === null) return false;
  field.focus();
  field.select();
  return true;
}

/** A result's link: the conversation beside the results, which stay in the URL. */
export function withSearch(path: string, search: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${SEARCH_PARAM}=${encodeURIComponent(search)}`;
}

/** Where "back" from a conversation goes: the list, or the search results it was opened from. */
export function keepSearch(listPath: string, params: URLSearchParams): string {
  const search = params.get(SEARCH_PARAM);
  return search ? withSearch(listPath, search) : listPath;
}
