import type { Draft } from '../../../../protocol/documents';
import type { DraftType } from '../../../../protocol/drafts';
import type { ComposerMode, Drafts } from './Composer';

/**
 * The composer's text against the stored drafts (pure). The composer shows what the agent types
 * at once, and every change is saved; the stored copy follows a moment later, so it can lag
 * behind what is typed. A stored text is taken into the composer only when it changed and is not
 * one of this tab's own recent saves coming back: then it came from elsewhere (another device or
 * tab, a send that deleted it).
 */
export type ComposerDraftState = {
  texts: Drafts;
  /** The stored texts last seen. */
  stored: Drafts;
  /** This tab's latest saves per mode, newest last. */
  recent: Record<ComposerMode, readonly string[]>;
};

/** Saves remembered per mode: far more than can be in flight between a keystroke and its echo. */
export const RECENT_SAVES = 50;

export const COMPOSER_MODES = ['reply', 'note'] as const satisfies readonly ComposerMode[];

export function draftTypeOf(mode: ComposerMode): DraftType {
  return mode === 'note' ? 'NOTE' : 'REPLY';
}

/** The stored text of the agent's own draft per mode ('' without one). */
export function storedTexts(drafts: readonly Draft[], ids: Record<ComposerMode, string>): Drafts {
  const text = (id: string) => drafts.find((draft) => draft.id === id)?.message ?? '';
  return { reply: text(ids.reply), note: text(ids.note) };
}

export function initialDraftState(stored: Drafts): ComposerDraftState {
  return { texts: stored, stored, recent: { reply: [], note: [] } };
}

/** The agent typed (or a text was put in the composer): shown, and remembered as a save. */
export function typedDraft(state: ComposerDraftState, mode: ComposerMode, text: string): ComposerDraftState {
  return {
    ...state,
    texts: { ...state.texts, [mode]: text },
    recent: { ...state.recent, [mode]: [...state.recent[mode], text].slice(-RECENT_SAVES) },
  };
}

/** Sent: the composer empties; the worker deletes the stored draft with the send. */
export function sentDraft(state: ComposerDraftState, mode: ComposerMode): ComposerDraftState {
  return { ...state, texts: { ...state.texts, [mode]: '' } };
}

/** The stored drafts changed: what changed elsewhere comes into the composer. */
export function storedDraftChanged(state: ComposerDraftState, stored: Drafts): ComposerDraftState {
  let next = { ...state, stored };
  for (const mode of COMPOSER_MODES) {
    const value = stored[mode];
    if (value === state.stored[mode] || value === next.texts[mode] || state.recent[mode].includes(value)) continue;
    next = { ...next, texts: { ...next.texts, [mode]: value }, recent: { ...next.recent, [mode]: [] } };
  }
  return next;
}
