import type { Command } from './command';

/** The keyboard layer's own dialogs. */
export const GENERAL_COMMANDS: readonly Command[] = [
  {
    id: 'palette',
    label: 'Command palette',
    section: 'General',
    // From anywhere, the composer and an open dialog included; a second press closes it.
    keys: [{ key: 'k', mod: true, repeat: true }],
    perform: (c) => c.setOverlay((now) => (now === 'palette' ? null : 'palette')),
  },
  { id: 'help', label: 'Keyboard shortcuts', section: 'General', keys: [{ key: '?' }], perform: (c) => c.setOverlay('help') },
];
