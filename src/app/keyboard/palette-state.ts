/**
 * The command palette's state (§3: commands, options, scope, processing hash). The commands of
 * the root scope and the options of a scoped step are derived from live data on each render
 * (palette-items.ts); what is kept is where the user is:
 *
 *   root ──"Assign to…"──▶ assign ──Esc──▶ root ──Esc──▶ closed
 *        ──"Add tag…"───▶ tag    ──Esc──▶ root
 *
 * `processing` is the id of the command being run, so a second Enter cannot run it twice.
 */
export type PaletteScope = 'root' | 'assign' | 'tag';

export type PaletteState = { scope: PaletteScope; query: string; active: number; processing: string | null };

export type PaletteEvent =
  | { type: 'query'; query: string }
  | { type: 'move'; delta: number; count: number }
  | { type: 'hover'; index: number }
  | { type: 'scope'; scope: PaletteScope }
  | { type: 'back' }
  | { type: 'processing'; id: string | null }
  | { type: 'reset' };

export const INITIAL_PALETTE: PaletteState = { scope: 'root', query: '', active: 0, processing: null };

export function paletteReducer(state: PaletteState, event: PaletteEvent): PaletteState {
  switch (event.type) {
    case 'query':
      return { ...state, query: event.query, active: 0 };
    case 'move':
      if (event.count === 0) return { ...state, active: 0 };
      return { ...state, active: (((state.active + event.delta) % event.count) + event.count) % event.count };
    case 'hover':
      return { ...state, active: event.index };
    case 'scope':
      return { ...state, scope: event.scope, query: '', active: 0 };
    case 'back':
      return state.scope === 'root' ? state : { ...state, scope: 'root', query: '', active: 0 };
    case 'processing':
      return { ...state, processing: event.id };
    case 'reset':
      return INITIAL_PALETTE;
  }
}

/** Escape: back to the root scope, or (already there) close the palette. */
export function escapeCloses(state: PaletteState): boolean {
  return state.scope === 'root';
}

/** Whether a command may start: not while one (the same or another) is still running. */
export function canRun(state: Pick<PaletteState, 'processing'>): boolean {
  return state.processing === null;
}

/** The processing hash of a command: its scope and id. */
export function processingId(scope: PaletteScope, itemId: string): string {
  return `${scope}:${itemId}`;
}
