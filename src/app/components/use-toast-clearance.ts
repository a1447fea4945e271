import { useEffect, type RefObject } from 'react';
import { useToasts } from './Toasts';

/**
 * Keeps the toasts (bottom-right, §2) above this element while it is on screen: the composer's
 * Send and Add note buttons sit in the same corner, and a toast under the pointer stays (it
 * pauses on hover), so an "Undo" toast would otherwise hide the button an agent reaches for next.
 * The lift is set on the toast stack alone (a custom property on the document root would restyle
 * every element of the page each time a conversation opens).
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  const { setClearance } = useToasts();
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const place = () => {
      const { top, bottom } = element.getBoundingClientRect();
      // Only when the element reaches the bottom of the window (a composer pinned there).
      setClearance(bottom >= window.innerHeight - 80 ? Math.max(0, Math.round(window.innerHeight - top)) : 0);
    };
    // Its first call comes after the layout that placed the element (none is forced here).
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      setClearance(0);
    };
  }, [ref, setClearance]);
}
