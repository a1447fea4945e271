import { useEffect, useRef, useState } from 'react';
import { NOT_VIEWING } from '../../../protocol/presence';
import type { ViewState } from '../../../protocol/presence';
import { useSync, useTabSync } from '../../sync/sync-context';

/** Writing a reply ends this long after the last keystroke (or at once when the reply is sent or emptied). */
export const TYPING_IDLE_MS = 4_000;

/**
 * Tells the worker what this tab shows (§4 viewer presence): the open conversation, and whether
 * the agent is writing a reply in it. A change of the reply text is a keystroke; a draft that is
 * already there when the conversation opens is not. Only changes are reported (typing on, typing
 * off), never each keystroke. The tab reports again when it gains focus, since the latest tab's
 * conversation is the one teammates see; leaving the conversation reports nothing viewed.
 */
export function useViewingReport(conversationId: number, replyText: string): void {
  const { slug, api } = useSync();
  const connect = useTabSync();
  const [typing, setTyping] = useState(false);
  const lastText = useRef(replyText);

  useEffect(() => {
    if (replyText === lastText.current) return;
    lastText.current = replyText;
    if (!replyText.trim()) {
      setTyping(false);
      return;
    }
    setTyping(true);
    const idle = setTimeout(() => setTyping(false), TYPING_IDLE_MS);
    return () => clearTimeout(idle);
  }, [replyText]);

  useEffect(() => {
    if (!api) return;
    const report = (view: ViewState) => {
      connect()
        .then((tab) => api.setViewing(slug, tab.tabLock, view))
        .catch((error: unknown) => console.warn('Could not report the viewed conversation:', error));
    };
    const view = { conversation_id: conversationId, typing };
    report(view);
    const onFocus = () => report(view);
    const onVisible = () => {
      if (document.visibilityState === 'visible') report(view);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [api, slug, connect, conversationId, typing]);

  // Only on leaving (not between reports): the conversation is no longer viewed from this tab.
  useEffect(() => {
    if (!api) return;
    return () => {
      connect()
        .then((tab) => api.setViewing(slug, tab.tabLock, NOT_VIEWING))
        .catch(() => undefined);
    };
  }, [api, slug, connect]);
}
