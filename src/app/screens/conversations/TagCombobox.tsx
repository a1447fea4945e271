import { useId, useState } from 'react';
import type { KeyboardEvent, Ref } from 'react';
import { tagChoices } from './tag-choices';
import { suggestSlug } from '../../../protocol/slug';

type TagComboboxProps = {
  /** Every tag of the organization: names by slug. */
  tags: ReadonlyMap<string, string>;
  /** Slugs not to offer (already on the conversation). */
  present?: ReadonlySet<string>;
  onPick: (name: string) => void;
  label: string;
  placeholder: string;
  /** The input's class (the header's dashed field, the toolbar's box). */
  className: string;
  inputRef?: Ref<HTMLInputElement> | undefined;
};

const NONE: ReadonlySet<string> = new Set();

/**
 * A tag field that picks: the matching tags ranked, the first highlighted, Enter picks the
 * highlighted one; a new tag only through the explicit "Create '…'" row. ARIA combobox
 * pattern (list autocomplete), so screen readers announce the highlighted option.
 */
export function TagCombobox({ tags, present = NONE, onPick, label, placeholder, className, inputRef }: TagComboboxProps) {
  const id = useId();
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const { matches, create } = tagChoices(value, tags, present);
  const options = [...matches.map((m) => ({ key: m.slug, name: m.name, create: false })), ...(create ? [{ key: 'create', name: create, create: true }] : [])];
  const shown = open && options.length > 0;
  const current = Math.min(active, options.length - 1);

  const pick = (index: number) => {
    const option = options[index];
    if (!option) return;
    onPick(option.name);
    setValue('');
    setActive(0);
    setOpen(false);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + delta + options.length) % Math.max(options.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (options.length === 0 && value.trim() !== '' && suggestSlug(value) === '') {
        // No tag can have this name ("!!!"): the action is refused with the reason, as the server would.
        onPick(value.trim());
        return;
      }
      if (shown || value.trim()) pick(current);
    } else if (event.key === 'Escape') {
      if (value || shown) {
        // The first Escape closes the list; the next one leaves the field (the shortcut layer's blur).
        event.stopPropagation();
        setValue('');
        setOpen(false);
      }
    }
  }

  return (
    <div className="tag-combobox">
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className={className}
        role="combobox"
        aria-expanded={shown}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={shown ? `${id}-option-${current}` : undefined}
        value={value}
        placeholder={placeholder}
        maxLength={50}
        autoComplete="off"
        onChange={(event) => {
          setValue(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={`${id}-list`} role="listbox" aria-label="Matching tags" className="tag-combobox__list" hidden={!shown}>
        {options.map((option, index) => (
          <li
            key={option.key}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === current}
            className={index === current ? 'tag-combobox__option tag-combobox__option--active' : 'tag-combobox__option'}
            // Picked before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(index);
            }}
            onMouseEnter={() => setActive(index)}
          >
            {option.create ? `Create “${option.name}”` : option.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
