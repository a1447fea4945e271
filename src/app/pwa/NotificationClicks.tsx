import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  OPEN_CONVERSATION_MESSAGE,
  WHICH_PATH_MESSAGE,
  type OpenConversationMessage,
  type ShownPath,
  type WhichPathMessage,
} from '../../protocol/notifications/push-display';

/**
 * The tab's side of notifications: tells the service worker which path it shows (no notification
 * for the conversation on screen), and opens the conversation of a clicked notification here.
 */
export function NotificationClicks() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      if ((event.data as Partial<WhichPathMessage> | null)?.type === WHICH_PATH_MESSAGE) {
        const answer: ShownPath = { path: window.location.pathname };
        event.ports[0]?.postMessage(answer);
        return;
      }
      const data = event.data as Partial<OpenConversationMessage> | null;
      if (data?.type !== OPEN_CONVERSATION_MESSAGE || typeof data.url !== 'string' || !data.url.startsWith('/')) return;
      void navigate(data.url);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
  return null;
}
