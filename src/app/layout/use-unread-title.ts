import { useEffect } from 'react';

const PREFIX = /^\(\d+\+?\) /;

/** The title with the unread count in front ("(3) Conversations · Support Inbox"), or without it at 0. */
export function titleWithUnread(title: string, count: number): string {
  const base = title.replace(PREFIX, '');
  return count > 0 ? `(${count > 99 ? '99+' : count}) ${base}` : base;
}

/**
 * The default inbox's unread count in the tab's title, so a background tab shows new work.
 * Screens set the title as they open (Root); this puts the count back in front each time.
 */
export function useUnreadTitle(count: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithUnread(document.title, count);
      if (document.title !== next) document.title = next;
    };
    apply();
    const element = document.querySelector('title');
    if (!element) return;
    const observer = new MutationObserver(apply);
    observer.observe(element, { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      document.title = titleWithUnread(document.title, 0);
    };
  }, [count]);
}
