import { WIDGET_SCRIPT_PATH } from '../../../protocol/widget';

/**
 * The one line a customer pastes into their website: the widget script from this server, with
 * the organization's slug. Both parts are escaped for an HTML attribute, although a slug and an
 * origin never hold a quote or an angle bracket.
 */
export function widgetSnippet(origin: string, slug: string): string {
  return `<script src="${escapeAttribute(origin + WIDGET_SCRIPT_PATH)}" data-org="${escapeAttribute(slug)}" async></script>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
