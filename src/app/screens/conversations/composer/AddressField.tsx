import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { recipientEmailProblem } from '../../../../protocol/api/recipient-email';
import { MAX_REPLY_COPIES } from '../../../../protocol/api/conversation-requests';
import { Icon } from '../../../components/Icon';
import { useAddressSuggestions } from './use-address-suggestions';

type AddressFieldProps = {
  label: string;
  addresses: readonly string[];
  /** Addresses the reply goes to anyway (the conversation's recipients): not suggested. */
  standing: readonly string[];
  onChange: (addresses: string[]) => void;
  /** Takes the focus when it appears (the first field of a screen). */
  autoFocus?: boolean;
};

/**
 * Several addresses as chips, with the contacts that match what is typed: ↑/↓ move through
 * them, Enter, Tab or a comma takes the highlighted one or the typed address (checked as the
 * server checks it), Backspace in an empty field removes the last chip.
 */
export function AddressField({ label, addresses, standing, onChange, autoFocus = false }: AddressFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const suggestions = useAddressSuggestions(typed, [...addresses, ...standing]);
  const highlighted = suggestions[Math.min(active, suggestions.length - 1)];

  function add(value: string): boolean {
    const email = value.trim().toLowerCase();
    if (email === '') return false;
    const error = recipientEmailProblem(email);
    if (error) {
      setProblem(`This address ${error}.`);
      return false;
    }
    if (addresses.length >= MAX_REPLY_COPIES) {
      setProblem(`A reply takes at most ${MAX_REPLY_COPIES} addresses here.`);
      return false;
    }
    if (!addresses.includes(email)) onChange([...addresses, email]);
    setTyped('');
    setActive(0);
    setProblem(null);
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === ',' || event.key === ';' || (event.key === 'Tab' && typed.trim() !== '')) {
      if (typed.trim() === '' && event.key === 'Enter') return;
      event.preventDefault();
      add(highlighted?.email ?? typed);
    } else if (event.key === 'Backspace' && typed === '' && addresses.length > 0) {
      onChange(addresses.slice(0, -1));
    } else if (event.key === 'Escape' && typed !== '') {
      event.stopPropagation();
      setTyped('');
      setProblem(null);
    }
  }

  const listId = `${id}-list`;
  return (
    <div className="address-field">
      <label className="address-field__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <ul className="address-field__chips" aria-label={`${label} addresses`}>
        {addresses.map((address) => (
          <li key={address} className="recipient">
            <span className="recipient__email">{address}</span>
            <button type="button" className="tag__remove" onClick={() => onChange(addresses.filter((entry) => entry !== address))}>
              <Icon name="close" size={12} />
              <span className="visually-hidden">
                Remove {address} from {label}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="address-field__entry">
        <input
          id={`${id}-input`}
          className="address-field__input"
          type="text"
          inputMode="email"
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={highlighted ? `${id}-${highlighted.id}` : undefined}
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          value={typed}
          maxLength={254}
          autoComplete="off"
          autoFocus={autoFocus}
          spellCheck={false}
          placeholder={addresses.length === 0 ? 'Name or address' : ''}
          onChange={(event) => {
            setTyped(event.target.value);
            setActive(0);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (typed.trim() !== '') add(typed);
          }}
        />
        {suggestions.length > 0 && (
          <ul className="address-field__suggestions" role="listbox" id={listId} aria-label={`${label} suggestions`}>
            {suggestions.map((contact) => (
              <li
                key={contact.id}
                id={`${id}-${contact.id}`}
                role="option"
                aria-selected={contact === highlighted}
                className="address-field__suggestion"
                // Before the input's blur, which would take the typed text instead.
                onMouseDown={(event) => {
                  event.preventDefault();
                  add(contact.email ?? '');
                }}
              >
                <span className="address-field__name">{contact.name || contact.email}</span>
                <span className="address-field__email">{contact.email}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {problem && (
        <p className="address-field__problem" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
