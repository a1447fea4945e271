import { useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { useMenuButton } from '../../../components/use-menu-button';
import { snoozeButtonText, snoozeEndText, snoozePresets, toLocalInputValue } from './snooze-presets';

type SnoozeMenuProps = {
  /** When the conversation's snooze ends, or null when it is not snoozed. */
  snoozedUntil: number | null;
  onSnooze: (until: number | null) => void;
};

/**
 * "Snooze": out of the lists until a time (later today, tomorrow, next week, or a picked date
 * and time), back then or earlier when the customer writes. A snoozed conversation says until
 * when, and offers to end it.
 */
export function SnoozeMenu({ snoozedUntil, onSnooze }: SnoozeMenuProps) {
  const { open, close, buttonProps, menuProps } = useMenuButton();
  const [picking, setPicking] = useState(false);
  const now = new Date();
  const [picked, setPicked] = useState(() => toLocalInputValue(snoozePresets(now).find((preset) => preset.id === 'tomorrow')?.until ?? now.getTime()));
  const pickedTime = new Date(picked).getTime();
  const pickedValid = Number.isFinite(pickedTime) && pickedTime > now.getTime();

  const choose = (until: number | null) => {
    close();
    setPicking(false);
    onSnooze(until);
  };
  const submitPicked = (event: FormEvent) => {
    event.preventDefault();
    if (pickedValid) choose(pickedTime);
  };

  const snoozed = snoozedUntil !== null;
  return (
    <div className="snooze-menu">
      <button
        type="button"
        className={snoozed ? 'btn btn--secondary btn--small snooze-menu__button snooze-menu__button--on' : 'btn btn--ghost btn--small btn--icon snooze-menu__button'}
        title={snoozed ? `Snoozed until ${snoozeEndText(snoozedUntil, now)}` : 'Snooze'}
        {...buttonProps}
      >
        <Icon name="clock" />
        {snoozed ? <span className="snooze-menu__until"><span className="snooze-menu__word">Until </span>{snoozeButtonText(snoozedUntil, now)}</span> : <span className="visually-hidden">Snooze</span>}
      </button>
      {open && (
        <div className="menu snooze-menu__menu" aria-label="Snooze until" {...menuProps}>
          {snoozePresets(now).map((preset) => (
            <button key={preset.id} type="button" role="menuitem" className="menu__item" onClick={() => choose(preset.until)}>
              <span>{preset.label}</span>
              <span className="menu__hint">{snoozeEndText(preset.until, now)}</span>
            </button>
          ))}
          {picking ? (
            <form
              className="snooze-menu__pick"
              onSubmit={submitPicked}
              // The field's own arrow keys change its date and time; they do not move in the menu.
              onKeyDown={(event) => {
                if (event.key.startsWith('Arrow')) event.stopPropagation();
              }}
            >
              <label className="visually-hidden" htmlFor="snooze-until">
                Snooze until
              </label>
              <input id="snooze-until" type="datetime-local" value={picked} min={toLocalInputValue(now.getTime())} onChange={(event) => setPicked(event.target.value)} />
              <Button size="small" variant="primary" type="submit" disabled={!pickedValid}>
                Snooze
              </Button>
            </form>
          ) : (
            <button type="button" role="menuitem" className="menu__item" onClick={() => setPicking(true)}>
              Pick a date and time…
            </button>
          )}
          {snoozed && (
            <button type="button" role="menuitem" className="menu__item" onClick={() => choose(null)}>
              End the snooze
            </button>
          )}
        </div>
      )}
    </div>
  );
}
