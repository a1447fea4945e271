import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { preferencesOf } from '../../protocol/api/models';
import { useSignedIn } from '../session/signed-in-context';
import type { OpenConversation } from './keyboard-context';

/** How soon after an action the open conversation's leaving the list counts as its doing (not a teammate's). */
const AUTO_ADVANCE_WINDOW_MS = 10_000;

/**
 * Auto-advance (issue 12): an action of this tab took the open conversation out of the list:
 * the one now in its place opens (the list again when none is left), unless turned off.
 * Returns what the provider calls when an action of this tab was taken on the open conversation.
 */
export function useAutoAdvance(open: OpenConversation | null, listIds: readonly number[], pathOf: (id: number) => string): (id: number) => void {
  const { agent } = useSignedIn();
  const navigate = useNavigate();
  const autoAdvance = preferencesOf(agent).auto_advance;
  /**
   * The open conversation an action of this tab was just taken on, and when: it may leave the list,
   * and then the next one opens. State, not a ref: the worker's write may take the row out of the
   * list before the action is recorded here, and the auto-advance must look again once it is.
   */
  const [actedOn, setActedOn] = useState<{ id: number; at: number } | null>(null);
  const openPlace = useRef<{ id: number; index: number } | null>(null);
  useEffect(() => {
    if (!open) return;
    const at = listIds.indexOf(open.id);
    if (at >= 0) {
      openPlace.current = { id: open.id, index: at };
      return;
    }
    const place = openPlace.current;
    if (!autoAdvance || actedOn?.id !== open.id || Date.now() - actedOn.at > AUTO_ADVANCE_WINDOW_MS || place?.id !== open.id) return;
    setActedOn(null);
    const next = listIds[Math.min(place.index, listIds.length - 1)];
    void navigate(next === undefined ? open.backPath : pathOf(next));
  }, [open, listIds, autoAdvance, navigate, pathOf, actedOn]);
  return useCallback((id: number) => setActedOn({ id, at: Date.now() }), []);
}
