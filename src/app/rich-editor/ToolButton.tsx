import type { ReactNode } from 'react';
import { Icon } from '../components/Icon';
import type { IconName } from '../components/Icon';

type ToolButtonProps = {
  label: string;
  shortcut?: string;
  /** Whether the format is on at the caret (aria-pressed); null for a button that is no toggle. */
  pressed: boolean | null;
  onClick: () => void;
  icon?: IconName;
  children?: ReactNode;
};

/** A button of an editor's formatting bar: its icon or a glyph, its name in aria-label and title. */
export function ToolButton({ label, shortcut, pressed, onClick, icon, children }: ToolButtonProps) {
  return (
    <button
      type="button"
      className="rich-toolbar__button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      {...(pressed === null ? {} : { 'aria-pressed': pressed })}
      // Keeps the editor's selection: the click must not take focus from the text.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {icon ? <Icon name={icon} size={15} /> : children}
    </button>
  );
}
