import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { flushSync } from 'react-dom';

/** The CSS custom property that sets a row's height (it changes with the list's width). */
const ROW_HEIGHT_PROPERTY = '--conv-row-height';
/** The default density's row height in a narrow list (conversation-list.css), used until the CSS is read. */
export const DEFAULT_ROW_HEIGHT = 72;

export type ListViewport = {
  scrollTop: number;
  /** 0 while the list is hidden (the one-pane layout shows the conversation instead). */
  height: number;
  rowHeight: number;
  onScroll: () => void;
  /** Scrolls the list and renders for the new position at once. */
  scrollTo: (top: number) => void;
};

/**
 * The scroll position and size of a virtual list's scrolling box, and its row height read from
 * the CSS. A box hidden with display:none loses its scroll offset, so the last one is put back
 * when it shows again (the agent returns from a conversation to the same place in the list).
 */
export function useListViewport(ref: RefObject<HTMLElement | null>): ListViewport {
  const [state, setState] = useState({ scrollTop: 0, height: 0, rowHeight: DEFAULT_ROW_HEIGHT });
  const lastTop = useRef(0);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const height = element.clientHeight;
      const rowHeight = Number.parseFloat(getComputedStyle(element).getPropertyValue(ROW_HEIGHT_PROPERTY)) || DEFAULT_ROW_HEIGHT;
      if (height > 0 && element.scrollTop !== lastTop.current) element.scrollTop = lastTop.current;
      setState((current) =>
        current.height === height && current.rowHeight === rowHeight && current.scrollTop === element.scrollTop
          ? current
          : { height, rowHeight, scrollTop: element.scrollTop },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  const onScroll = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const scrollTop = element.scrollTop;
    // Hidden (display:none), the box reads 0: keep the place it had.
    if (scrollTop === 0 && element.clientHeight === 0) return;
    lastTop.current = scrollTop;
    // Rendered within the scroll event, so the new rows are laid out once, in this frame.
    flushSync(() => setState((current) => (current.scrollTop === scrollTop ? current : { ...current, scrollTop })));
  }, [ref]);

  const scrollTo = useCallback(
    (top: number) => {
      const element = ref.current;
      if (!element) return;
      element.scrollTop = top;
      lastTop.current = element.scrollTop;
      setState((current) => ({ ...current, scrollTop: element.scrollTop }));
    },
    [ref],
  );

  return { ...state, onScroll, scrollTo };
}
