import { useEffect, useRef } from 'react';
import { Icon } from '../../../components/Icon';
import { SEARCH_FIELD_ID } from './search-param';

type SearchFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** Escape in a field with text: the search is left. */
  onClear: () => void;
  autoFocus: boolean;
};

/** The conversations search box; `/` focuses it (keymap). */
export function SearchField({ value, onChange, onClear, autoFocus }: SearchFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  return (
    <div className="search-field" role="search">
      <Icon name="search" size={15} />
      <input
        ref={input}
        id={SEARCH_FIELD_ID}
        className="search-field__input"
        type="search"
        aria-label="Search conversations"
        placeholder="Search conversations"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // With text, Escape leaves the search; an empty field lets it blur (keymap).
          if (event.key !== 'Escape' || value === '') return;
          event.preventDefault();
          onClear();
        }}
      />
      {value === '' && (
        <kbd className="kbd search-field__hint" aria-hidden="true">
          /
        </kbd>
      )}
    </div>
  );
}
