import { Modal } from '../components/Modal';
import { HELP_SECTIONS } from './commands/command';
import { SHORTCUTS, displayKeys } from './keymap';
import { IS_MAC } from './mod-key';

/** `?`: every registered command with a section, grouped, with its keys. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts">
      <div className="shortcut-help">
        {HELP_SECTIONS.map((group) => (
          <section key={group} className="shortcut-help__group" aria-label={group}>
            <h3 className="shortcut-help__title">{group}</h3>
            <dl className="shortcut-help__list">
              {SHORTCUTS.filter((shortcut) => shortcut.group === group).map((shortcut) => (
                <div key={shortcut.action} className="shortcut-help__row">
                  <dt className="shortcut-help__label">{shortcut.label}</dt>
                  <dd className="shortcut-help__keys">
                    <Keys keys={displayKeys(shortcut.keys, IS_MAC)} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <p className="shortcut-help__note">Shortcuts wait while you type; Esc leaves a field.</p>
      </div>
    </Modal>
  );
}

export function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="keys">
      {keys.map((key) => (
        <kbd key={key} className="kbd">
          {key}
        </kbd>
      ))}
    </span>
  );
}
