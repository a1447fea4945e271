import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router-dom';
import { SEARCH_PARAM } from './search-param';

/** The URL follows the field once typing pauses this long: a navigation re-renders the whole screen. */
const URL_DELAY_MS = 300;
const WRITTEN_KEPT = 20;

/**
 * The search text: typed into local state at once (the field must never lag), mirrored into
 * `?search=` (replacing the history entry) once typing pauses, so that a reload or a shared link
 * keeps it. A URL value this hook did not write (a tab, back, a link) wins.
 */
export function useSearchText(): { text: string; setText: (text: string) => void } {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const inUrl = params.get(SEARCH_PARAM) ?? '';
  // The URL is written later, maybe after a result was opened: from wherever the page is then
  // (see the timer below); this keeps the router state of the page it was written from.
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  // A navigation under way (a result opened, its screen still loading) must not be replaced by
  // this write: it waits until the router is idle, and is then written to where the page went.
  const navigation = useNavigation();
  const navigating = useRef(false);
  navigating.current = navigation.state !== 'idle';
  const [text, setLocal] = useState(inUrl);
  const [lastUrl, setLastUrl] = useState(inUrl);
  /** The latest values this hook wrote to the URL, which reaches it a little later. */
  const written = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  if (inUrl !== lastUrl) {
    setLastUrl(inUrl);
    // A URL without a search while the field holds one: the agent went elsewhere (a tab, a link).
    const leftSearch = inUrl === '' && written.current.at(-1) !== '';
    if (leftSearch || !written.current.includes(inUrl)) setLocal(inUrl);
  }
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  const setText = useCallback(
    (next: string) => {
      setLocal(next);
      if (timer.current !== null) clearTimeout(timer.current);
      const write = () => {
        if (navigating.current) {
          timer.current = setTimeout(write, 50);
          return;
        }
        timer.current = null;
        written.current = [...written.current.slice(-(WRITTEN_KEPT - 1)), next];
        // The browser's own location: a result opened a moment ago may not have re-rendered
        // this screen yet (so `here` may still be the list), but the router has moved on.
        const { pathname, search } = window.location;
        const state = here.current.pathname === pathname ? (here.current.state as unknown) : undefined;
        const updated = new URLSearchParams(search);
        if (next === '') updated.delete(SEARCH_PARAM);
        else updated.set(SEARCH_PARAM, next);
        if (updated.get(SEARCH_PARAM) === new URLSearchParams(search).get(SEARCH_PARAM)) return;
        void navigate({ pathname, search: `?${updated.toString()}` }, { replace: true, state });
      };
      // Leaving the search shows the list at once; the URL says so without waiting.
      timer.current = setTimeout(write, next === '' ? 0 : URL_DELAY_MS);
    },
    [navigate],
  );
  return { text, setText };
}
