import { REPLICATION_WINDOW_CHOICES } from '../../../protocol/api/models';
import type { AgentPreferences } from '../../../protocol/api/models';

const WINDOW_LABELS: Record<(typeof REPLICATION_WINDOW_CHOICES)[number], string> = { 30: '30 days', 90: '90 days', 365: 'A year', 0: 'Everything' };

type WorkPreferencesProps = { value: AgentPreferences; onChange: (value: AgentPreferences) => void };

/** How the agent likes to triage, kept with their account (every device): auto-advance and the list's density. */
export function WorkPreferences({ value, onChange }: WorkPreferencesProps) {
  return (
    <>
      <label className="switch-field">
        <input
          type="checkbox"
          role="switch"
          name="auto_advance"
          checked={value.auto_advance}
          onChange={(event) => onChange({ ...value, auto_advance: event.target.checked })}
        />
        <span className="switch-field__track" aria-hidden="true" />
        <span className="switch-field__text">
          <span className="switch-field__label">After closing or moving a conversation, open the next conversation</span>
          <span className="switch-field__hint">When an action takes the open conversation out of the list, the one below it opens.</span>
        </span>
      </label>
      <fieldset className="field theme-choice">
        <legend className="field__label">Conversation list</legend>
        <div className="segmented">
          {(['comfortable', 'compact'] as const).map((density) => (
            <label key={density}>
              <input
                type="radio"
                name="list_density"
                value={density}
                checked={value.list_density === density}
                onChange={() => onChange({ ...value, list_density: density })}
              />
              {density === 'comfortable' ? 'Comfortable' : 'Compact'}
            </label>
          ))}
        </div>
        <p className="field__hint">Compact leaves out the preview line and shows about twice as many conversations at once, one line each where the list is wide.</p>
      </fieldset>
      <fieldset className="field theme-choice">
        <legend className="field__label">Closed conversations kept on your devices</legend>
        <div className="segmented">
          {REPLICATION_WINDOW_CHOICES.map((days) => (
            <label key={days}>
              <input
                type="radio"
                name="replication_days"
                value={days}
                checked={value.replication_days === days}
                onChange={() => onChange({ ...value, replication_days: days })}
              />
              {WINDOW_LABELS[days]}
            </label>
          ))}
        </div>
        <p className="field__hint">
          Open, waiting and unread conversations are always kept, and work offline. Older closed ones stay on the server: search finds them, and one you open is kept
          for the same time.
        </p>
      </fieldset>
    </>
  );
}
