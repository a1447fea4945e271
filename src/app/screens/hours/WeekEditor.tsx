import { Fragment, useId } from 'react';
import { HOURS_LIMITS, isPastMidnight, type Range } from '../../../protocol/hours/hours-model';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { IconButton } from '../../components/IconButton';

/** The errors of the form, by field path (`week.0.1.end`). */
export type FieldErrorMap = Readonly<Record<string, string>>;

const FIRST_RANGE: Range = { start: '09:00', end: '17:00' };

/** A new range after the last one: from its end, two hours long. */
export function nextRange(ranges: readonly Range[]): Range {
  const last = ranges.at(-1);
  if (!last) return FIRST_RANGE;
  if (isPastMidnight(last)) return { start: '09:00', end: '12:00' };
  const [hours = 0, minutes = 0] = last.end.split(':').map(Number);
  const end = Math.min(hours + 2, 23);
  return { start: last.end, end: `${String(end).padStart(2, '0')}:${String(end === 23 ? 59 : minutes).padStart(2, '0')}` };
}

type RangesProps = {
  /** The day's name as read aloud ("Monday", "24 December"). */
  label: string;
  /** Field path of the day's ranges (`week.0`, `holidays.dates.2.ranges`). */
  path: string;
  ranges: readonly Range[];
  errors: FieldErrorMap;
  onChange: (ranges: Range[]) => void;
};

/** The ranges of one day: start and end times, "next day" when a range runs past midnight. */
export function RangesEditor({ label, path, ranges, errors, onChange }: RangesProps) {
  const id = useId();
  const set = (index: number, range: Range) => onChange(ranges.map((current, at) => (at === index ? range : current)));
  return (
    <div className="hours-ranges">
      {ranges.map((range, index) => {
        const field = `${path}.${index}`;
        const error = errors[`${field}.start`] ?? errors[`${field}.end`] ?? errors[field];
        const errorId = `${id}-${index}-error`;
        const pastMidnight = /^\d\d:\d\d$/.test(range.start) && /^\d\d:\d\d$/.test(range.end) && range.start !== range.end && isPastMidnight(range);
        return (
          <Fragment key={index}>
            <div className={['hours-range', error ? 'hours-range--invalid' : ''].filter(Boolean).join(' ')} role="group" aria-label={`${label}, hours ${index + 1}`}>
              <input
                type="time"
                className="hours-range__time"
                name={`${field}.start`}
                aria-label={`${label} opens at`}
                value={range.start}
                required
                aria-invalid={errors[`${field}.start`] || errors[field] ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => set(index, { ...range, start: event.target.value })}
              />
              <span className="hours-range__dash" aria-hidden="true">
                –
              </span>
              <input
                type="time"
                className="hours-range__time"
                name={`${field}.end`}
                aria-label={`${label} closes at`}
                value={range.end}
                required
                aria-invalid={errors[`${field}.end`] || errors[field] ? true : undefined}
                aria-describedby={[error ? errorId : '', pastMidnight ? `${id}-${index}-night` : ''].filter(Boolean).join(' ') || undefined}
                onChange={(event) => set(index, { ...range, end: event.target.value })}
              />
              {pastMidnight && (
                <span className="hours-range__night" id={`${id}-${index}-night`}>
                  <Icon name="clock" size={13} />
                  next day
                </span>
              )}
              <IconButton icon="close" label={`Remove ${label} ${range.start}–${range.end}`} onClick={() => onChange(ranges.filter((_, at) => at !== index))} />
            </div>
            {error && (
              <p className="field__error hours-range__error" id={errorId} data-field-error>
                <Icon name="alert" size={14} />
                <span>{error}</span>
              </p>
            )}
          </Fragment>
        );
      })}
      {ranges.length < HOURS_LIMITS.rangesPerDay && (
        <Button size="small" variant="ghost" icon={<Icon name="plus" size={14} />} onClick={() => onChange([...ranges, nextRange(ranges)])} aria-label={`Add hours on ${label}`}>
          {ranges.length === 0 ? 'Add hours' : 'Add more'}
        </Button>
      )}
    </div>
  );
}

type DayRowProps = { name: string; path: string; ranges: readonly Range[]; errors: FieldErrorMap; onChange: (ranges: Range[]) => void };

/** One weekday: open or closed, and its ranges when open. */
export function DayRow({ name, path, ranges, errors, onChange }: DayRowProps) {
  const open = ranges.length > 0;
  return (
    <div className={`hours-day${open ? '' : ' hours-day--closed'}`}>
      <label className="switch-field hours-day__switch">
        <input type="checkbox" role="switch" checked={open} onChange={(event) => onChange(event.target.checked ? [FIRST_RANGE] : [])} aria-label={`Open on ${name}`} />
        <span className="switch-field__track" aria-hidden="true" />
        <span className="hours-day__name">{name}</span>
      </label>
      {open ? <RangesEditor label={name} path={path} ranges={ranges} errors={errors} onChange={onChange} /> : <span className="hours-day__closed">Closed</span>}
      {errors[path] && (
        <p className="field__error" data-field-error>
          <Icon name="alert" size={14} />
          <span>{errors[path]}</span>
        </p>
      )}
    </div>
  );
}
