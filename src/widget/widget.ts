import { parseWidgetConfig, WIDGET_CONFIG_PATH } from '../protocol/widget';
import { startChatWidget } from './chat-widget';

/**
 * `/widget.js`, embedded by a customer's page:
 *
 *   <script src="https://inbox.example.com/widget.js" data-org="acme" async></script>
 *
 * It reads its organization from `data-org` and its server from its own address, asks the
 * server for the widget's settings and, when the chat is on, shows the launcher. Loaded twice,
 * it runs once. Nothing happens when the chat is off or the server cannot be reached.
 */
function ownScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.org) return current;
  return document.querySelector<HTMLScriptElement>('script[data-org][src*="/widget.js"]');
}

async function boot(script: HTMLScriptElement): Promise<void> {
  const org = script.dataset.org ?? '';
  const serverOrigin = new URL(script.src, window.location.href).origin;
  const response = await fetch(`${serverOrigin}${WIDGET_CONFIG_PATH}?${new URLSearchParams({ org }).toString()}`, { mode: 'cors', credentials: 'omit' });
  if (!response.ok) return;
  const config = parseWidgetConfig(await response.json());
  if (!config || document.querySelector('[data-support-inbox-chat]')) return;
  startChatWidget({ serverOrigin, org, config });
}

const script = ownScript();
if (script && !document.querySelector('[data-support-inbox-chat]')) {
  const run = () => void boot(script).catch(() => undefined);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  else run();
}
