import { describe, expect, it } from 'vitest';
import { displayKeys, resolveShortcut } from '../../../../src/app/keyboard/keymap';
import { moveCursor, selectedRow, toggleMarked } from '../../../../src/app/keyboard/list-cursor';
import { press } from '../../support/key-press';


describe('keymap', () => {
  it('maps the single-key shortcuts to their actions', () => {
    const keys = { j: 'next', k: 'previous', r: 'reply', n: 'note', t: 'tag', a: 'assign', e: 'close', x: 'mark', z: 'undo', '?': 'help' };
    for (const [key, action] of Object.entries(keys)) expect(resolveShortcut(press(key))).toBe(action);
  });

  it('never fires while typing in a field', () => {
    for (const key of ['j', 'k', 'r', 'a', 'e', 'x', 'z', '?', 'Enter']) expect(resolveShortcut(press(key, { target: 'text' }))).toBeNull();
  });

  it('never fires with Ctrl, Alt or Meta, except mod+k', () => {
    expect(resolveShortcut(press('j', { ctrlKey: true }))).toBeNull();
    expect(resolveShortcut(press('e', { metaKey: true }))).toBeNull();
    expect(resolveShortcut(press('a', { altKey: true }))).toBeNull();
    expect(resolveShortcut(press('k', { ctrlKey: true }))).toBe('palette');
    expect(resolveShortcut(press('k', { metaKey: true }))).toBe('palette');
    expect(resolveShortcut(press('K', { ctrlKey: true }))).toBe('palette');
  });

  it('opens the palette with mod+k even from the composer or over a dialog', () => {
    expect(resolveShortcut(press('k', { ctrlKey: true, target: 'text' }))).toBe('palette');
    expect(resolveShortcut(press('k', { metaKey: true, overlayOpen: true }))).toBe('palette');
  });

  it('leaves every other key to an open dialog', () => {
    expect(resolveShortcut(press('Escape', { overlayOpen: true }))).toBeNull();
    expect(resolveShortcut(press('j', { overlayOpen: true }))).toBeNull();
  });

  it('Escape goes back, and in a field only leaves the field', () => {
    expect(resolveShortcut(press('Escape'))).toBe('back');
    expect(resolveShortcut(press('Escape', { target: 'control' }))).toBe('back');
    expect(resolveShortcut(press('Escape', { target: 'text' }))).toBe('blur');
  });

  it('Enter opens the selection unless a focused link or button handles it itself', () => {
    expect(resolveShortcut(press('Enter'))).toBe('open');
    expect(resolveShortcut(press('Enter', { target: 'control' }))).toBeNull();
  });

  it('ignores keys of an input method composition', () => {
    expect(resolveShortcut(press('j', { isComposing: true }))).toBeNull();
    expect(resolveShortcut(press('k', { ctrlKey: true, isComposing: true }))).toBeNull();
  });

  it('follows a held-down key only for moving through the list', () => {
    expect(resolveShortcut(press('j', { repeat: true }))).toBe('next');
    expect(resolveShortcut(press('e', { repeat: true }))).toBeNull();
    expect(resolveShortcut(press('z', { repeat: true }))).toBeNull();
  });

  it('leaves unknown keys to the page', () => {
    expect(resolveShortcut(press('q'))).toBeNull();
    expect(resolveShortcut(press('J'))).toBeNull();
  });

  it('shows mod as ⌘ on macOS and Ctrl elsewhere', () => {
    expect(displayKeys(['mod', 'k'], true)).toEqual(['⌘', 'k']);
    expect(displayKeys(['mod', 'k'], false)).toEqual(['Ctrl', 'k']);
  });
});

describe('list cursor', () => {
  const ids = [11, 12, 13];

  it('j starts at the first row, or after the open conversation', () => {
    expect(moveCursor(ids, null, 1)).toEqual({ id: 11, index: 0 });
    expect(moveCursor(ids, null, 1, 12)).toEqual({ id: 13, index: 2 });
    expect(moveCursor(ids, null, -1, 12)).toEqual({ id: 11, index: 0 });
  });

  it('moves by one and stops at both ends', () => {
    expect(moveCursor(ids, { id: 11, index: 0 }, 1)).toEqual({ id: 12, index: 1 });
    expect(moveCursor(ids, { id: 13, index: 2 }, 1)).toEqual({ id: 13, index: 2 });
    expect(moveCursor(ids, { id: 11, index: 0 }, -1)).toEqual({ id: 11, index: 0 });
  });

  it('keeps its place when its row leaves the list', () => {
    const after = [11, 13];
    expect(selectedRow(after, { id: 12, index: 1 })).toEqual({ id: 13, index: 1 });
    expect(moveCursor(after, { id: 12, index: 1 }, -1)).toEqual({ id: 11, index: 0 });
    expect(selectedRow([11], { id: 13, index: 2 })).toEqual({ id: 11, index: 0 });
  });

  it('has nothing to select in an empty list', () => {
    expect(moveCursor([], null, 1)).toBeNull();
    expect(selectedRow([], { id: 1, index: 0 })).toBeNull();
  });

  it('x adds a conversation to the bulk selection and takes it out again', () => {
    const once = toggleMarked(new Set(), 12);
    expect([...once]).toEqual([12]);
    expect([...toggleMarked(once, 12)]).toEqual([]);
  });
});
