import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { OPEN_CONVERSATION_MESSAGE, type OpenConversationMessage } from '../../protocol/notifications/push-display';

/** Opens the conversation of a clicked notification in this tab (the service worker focused it and asks). */
export function NotificationClicks() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as Partial<OpenConversationMessage> | null;
      if (data?.type !== OPEN_CONVERSATION_MESSAGE || typeof data.url !== 'string' || !data.url.startsWith('/')) return;
      void navigate(data.url);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
  return null;
}
