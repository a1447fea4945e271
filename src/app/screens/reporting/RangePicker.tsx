import { useId } from 'react';
import { PRESET_LABELS, RANGE_PRESETS, isValidRange, presetOf, presetRange } from './report-range';
import type { ReportRange } from './report-range';

type RangePickerProps = {
  range: ReportRange;
  /** Today in the organization's time zone. */
  today: string;
  zone: string;
  onChange: (range: ReportRange) => void;
};

/** The presets (last 7, 30, 90 days, this month, last month) and a custom from–to, in the organization's zone. */
export function RangePicker({ range, today, zone, onChange }: RangePickerProps) {
  const id = useId();
  const pressed = presetOf(range, today);
  const change = (next: ReportRange) => {
    if (isValidRange(next)) onChange(next);
  };
  return (
    <div className="report-range">
      <div className="segmented report-range__presets" role="group" aria-label="Period">
        {RANGE_PRESETS.map((preset) => (
          <button key={preset} type="button" className="segmented__option" aria-pressed={pressed === preset} onClick={() => onChange(presetRange(preset, today))}>
            {PRESET_LABELS[preset]}
          </button>
        ))}
      </div>
      <div className="report-range__custom" role="group" aria-label="Custom period">
        <label htmlFor={`${id}-from`}>From</label>
        <input id={`${id}-from`} className="input report-range__date" type="date" value={range.from} max={range.to} onChange={(event) => change({ ...range, from: event.target.value })} />
        <label htmlFor={`${id}-to`}>to</label>
        <input id={`${id}-to`} className="input report-range__date" type="date" value={range.to} min={range.from} max={today} onChange={(event) => change({ ...range, to: event.target.value })} />
        <span className="report-range__zone" title="Days are counted in the organization's time zone">
          {zone}
        </span>
      </div>
    </div>
  );
}
