import { describe, expect, it } from 'vitest';
import type { Command, KeyTarget } from '../../../../src/app/keyboard/commands/command';
import { COMMANDS } from '../../../../src/app/keyboard/commands/command-registry';
import { SHORTCUTS, helpRows, resolveShortcut, type KeyPress } from '../../../../src/app/keyboard/keymap';
import { paletteItems } from '../../../../src/app/keyboard/palette-items';
import type { PaletteData } from '../../../../src/app/keyboard/palette-items';
import { press } from '../../support/key-press';


/** The press a `?` sheet row's keys stand for: `mod` is Ctrl (off macOS), Esc the Escape key. */
const pressOf = (keys: readonly string[]): KeyPress => {
  const key = keys[keys.length - 1] ?? '';
  return press(key === 'Esc' ? 'Escape' : key, { ctrlKey: keys.includes('mod') });
};

const TARGETS: readonly KeyTarget[] = ['text', 'control', 'other'];

/** Every press a command is bound to that runs another command (or none) instead. */
function stolenPresses(commands: readonly Command[]): string[] {
  return commands.flatMap((command) =>
    (command.keys ?? []).flatMap((binding) =>
      (binding.mod ? TARGETS : (binding.targets ?? ['other', 'control'])).flatMap((target) => {
        const runs = resolveShortcut(press(binding.key, { ctrlKey: binding.mod === true, target }), commands);
        return runs === command.id ? [] : [`${binding.mod ? 'mod+' : ''}${binding.key} in ${target}: ${command.id} runs ${runs ?? 'nothing'}`];
      }),
    ),
  );
}

const data = (over: Partial<PaletteData> = {}): PaletteData => ({
  slug: 'acme',
  myId: 1,
  filter: 'inbox',
  canSeeTeam: true,
  target: { id: 5, status: 'OPENED', agent_id: null, tags: [] },
  composerOpen: true,
  conversations: [],
  tags: [],
  teammates: [],
  ...over,
});

const SNOOZE: Command = {
  id: 'snooze',
  label: 'Snooze the conversation',
  section: 'Conversation',
  keys: [{ key: 's' }],
  palette: { group: 'Actions', label: 'Snooze…', when: (d) => d.target !== null, does: { type: 'navigate', to: '/acme/snooze' } },
};

describe('command registry', () => {
  it('lists the ? sheet in its sections, in their order', () => {
    const section = (group: string) => SHORTCUTS.filter((row) => row.group === group).map((row) => row.label);
    expect(section('Navigation')).toEqual(['Next conversation', 'Previous conversation', 'Open the selected conversation', 'Back to the list, or close a dialog', 'Search conversations']);
    expect(section('Conversation')).toEqual(['Reply', 'Write a note', 'Add a tag', 'Assign to me, or unassign', 'Close the conversation', 'Select for a bulk action', 'Undo the last action']);
    expect(section('General')).toEqual(['Command palette', 'Keyboard shortcuts']);
  });

  it('every key shown in the ? sheet runs the command of its row', () => {
    expect(SHORTCUTS.length).toBeGreaterThan(0);
    for (const row of SHORTCUTS) expect({ label: row.label, runs: resolveShortcut(pressOf(row.keys)) }).toEqual({ label: row.label, runs: row.action });
  });

  it('no two commands claim the same press, wherever the focus is', () => {
    expect(stolenPresses(COMMANDS)).toEqual([]);
    // The check bites: a second command on `e` never runs, and is reported.
    const duplicate: Command = { id: 'archive', label: 'Archive', section: 'Conversation', keys: [{ key: 'e' }] };
    expect(stolenPresses([...COMMANDS, duplicate])).toEqual(['e in other: archive runs close', 'e in control: archive runs close']);
  });

  it('the palette shows beside its commands the keys that do the same', () => {
    const shown = paletteItems('root', data(), '').flatMap((item) => (item.shortcut ? [[item.label, item.shortcut.join('+')]] : []));
    expect(shown).toEqual([
      ['Assign to me', 'a'],
      ['Close', 'e'],
      ['Add tag…', 't'],
      ['Insert snippet…', '#'],
    ]);
    expect(resolveShortcut(press('a'))).toBe('assign');
    expect(resolveShortcut(press('e'))).toBe('close');
    expect(resolveShortcut(press('t'))).toBe('tag');
    // `#` is typed in the composer, which opens its picker: no shortcut of the page.
    expect(resolveShortcut(press('#'))).toBeNull();
  });

  it('a command added to the list is in the ? sheet, the palette and the keymap at once', () => {
    const commands = [...COMMANDS, SNOOZE];
    expect(helpRows(commands).filter((row) => row.group === 'Conversation').at(-1)).toEqual({ keys: ['s'], action: 'snooze', label: 'Snooze the conversation', group: 'Conversation' });
    expect(paletteItems('root', data(), '', commands)).toContainEqual(expect.objectContaining({ label: 'Snooze…', shortcut: ['s'], group: 'Actions' }));
    expect(paletteItems('root', data({ target: null }), '', commands).map((item) => item.label)).not.toContain('Snooze…');
    expect(resolveShortcut(press('s'), commands)).toBe('snooze');
    expect(resolveShortcut(press('s'))).toBeNull();
  });
});
