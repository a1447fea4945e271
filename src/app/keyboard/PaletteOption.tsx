import type { ReactNode } from 'react';
import { displayKeys } from './keymap';
import { IS_MAC } from './mod-key';
import type { RankedItem } from './palette-items';
import { Keys } from './ShortcutHelp';

type OptionProps = { id: string; item: RankedItem; active: boolean; onHover: () => void; onRun: () => void };

/** One row of the palette: its label (matched letters marked), a hint, and its shortcut. */
export function PaletteOption({ id, item, active, onHover, onRun }: OptionProps) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      className={active ? 'palette__option palette__option--active' : 'palette__option'}
      onMouseMove={active ? undefined : onHover}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onRun}
    >
      <span className="palette__label">{highlight(item.label, item.positions)}</span>
      {item.hint && <span className="palette__hint">{item.hint}</span>}
      {item.shortcut && <Keys keys={displayKeys(item.shortcut, IS_MAC)} />}
    </div>
  );
}

function highlight(text: string, positions: readonly number[]): ReactNode {
  if (positions.length === 0) return text;
  const marked = new Set(positions);
  const parts: ReactNode[] = [];
  let run = '';
  let runMarked = false;
  const flush = (key: number) => {
    if (run) parts.push(runMarked ? <mark key={key}>{run}</mark> : run);
    run = '';
  };
  [...text].forEach((char, index) => {
    const isMarked = marked.has(index);
    if (isMarked !== runMarked) {
      flush(index);
      runMarked = isMarked;
    }
    run += char;
  });
  flush(text.length);
  return parts;
}
