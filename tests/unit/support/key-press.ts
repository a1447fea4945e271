import type { KeyPress } from '../../../src/app/keyboard/keymap';

/** A plain key press on the page (no modifier, nothing focused, no dialog), with `over` changed. */
export const press = (key: string, over: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  repeat: false,
  isComposing: false,
  target: 'other',
  overlayOpen: false,
  ...over,
});
