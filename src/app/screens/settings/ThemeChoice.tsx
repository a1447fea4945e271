export type ThemeValue = 'system' | 'light' | 'dark';

const OPTIONS: readonly { value: ThemeValue; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function themeValue(darkMode: boolean | null): ThemeValue {
  return darkMode === null ? 'system' : darkMode ? 'dark' : 'light';
}

export function darkModeOf(value: ThemeValue): boolean | null {
  return value === 'system' ? null : value === 'dark';
}

/** The agent's theme as a segmented radio group: "System" follows the device. */
export function ThemeChoice({ value, onChange }: { value: ThemeValue; onChange: (value: ThemeValue) => void }) {
  return (
    <fieldset className="field theme-choice">
      <legend className="field__label">Theme</legend>
      <div className="segmented">
        {OPTIONS.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="dark_mode"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <p className="field__hint">System follows your device's light or dark setting.</p>
    </fieldset>
  );
}
