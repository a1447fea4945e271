import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';

type Edges = { first: string | undefined; last: string | undefined; height: number };

const NEAR_BOTTOM_PX = 64;
const NEAR_TOP_PX = 160;

/**
 * Keeps the thread where the reader expects it: at the end when opened; still when older
 * entries are prepended; following new entries while the reader is at the end, or right after
 * they sent something (`follow`); at the end still when the box shrinks (the reply growing) or an
 * entry grows (an email's frame taking its height). Near the top it asks for more (`onNearTop`).
 */
export function useThreadScroll(
  ref: RefObject<HTMLElement | null>,
  ids: readonly string[] | undefined,
  follow: RefObject<boolean>,
  onNearTop: () => void,
): () => void {
  /**
   * The scrollTop at which the thread was last at its end, or null once the reader left it. Entries
   * that grow after that (an email's frame taking its height) leave it further from the end
   * without the reader moving: only a scroll above it is the reader leaving the end.
   */
  const endTop = useRef<number | null>(null);
  const previous = useRef<Edges | null>(null);
  const first = ids?.[0];
  const last = ids?.at(-1);
  const loaded = ids !== undefined;

  const pinToEnd = useCallback((element: HTMLElement) => {
    element.scrollTop = element.scrollHeight;
    endTop.current = element.scrollTop;
  }, []);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !loaded) return;
    const before = previous.current;
    if (before === null) {
      pinToEnd(element);
    } else if (first !== before.first && last === before.last) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last !== before.last && (endTop.current !== null || follow.current)) {
      pinToEnd(element);
      follow.current = false;
    }
    previous.current = { first, last, height: element.scrollHeight };
    // A thread shorter than its box cannot be scrolled to the top: ask for more right away.
    if (element.scrollHeight <= element.clientHeight) onNearTop();
  }, [ref, loaded, first, last, follow, onNearTop, pinToEnd]);

  useEffect(() => {
    const element = ref.current;
    if (!element || !loaded || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (endTop.current !== null && previous.current !== null) pinToEnd(element);
    });
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, loaded, first, last, pinToEnd]);

  return useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const grewBelow = endTop.current !== null && element.scrollTop >= endTop.current - 1;
    if (!grewBelow) endTop.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX ? element.scrollTop : null;
    if (previous.current) previous.current.height = element.scrollHeight;
    if (element.scrollTop < NEAR_TOP_PX) onNearTop();
  }, [ref, onNearTop]);
}
