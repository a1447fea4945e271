import { useId, useMemo } from 'react';
import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import { HOURS_LIMITS, type BusinessHours, type Range } from '../../../protocol/hours/hours-model';
import { holidayCountries, publicHolidays } from '../../../protocol/hours/public-holidays';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { IconButton } from '../../components/IconButton';
import { Select } from '../../components/Select';
import { FieldMessages, describedBy } from '../../components/FieldMessages';
import { RangesEditor, type FieldErrorMap } from './WeekEditor';

type Holidays = BusinessHours['holidays'];
type SpecialDate = Holidays['dates'][number];

/** How many of the country's coming public holidays the screen lists. */
const COMING = 6;

function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** "Fri 25 Dec 2026" for a `YYYY-MM-DD` date, read as a calendar day (no time zone shift). */
export function dateLabel(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The country's public holidays from today on, the next COMING of them. */
export function comingHolidays(country: string, today: Date): { date: string; name: string }[] {
  const from = localIsoDate(today);
  const year = today.getFullYear();
  return [...publicHolidays(country, year), ...publicHolidays(country, year + 1)].filter((holiday) => holiday.date >= from).slice(0, COMING);
}

type Props = { holidays: Holidays; errors: FieldErrorMap; today: Date; onChange: (holidays: Holidays) => void };

/** The country whose public holidays close the team, and one-off closed or special-hours dates. */
export function HolidaysEditor({ holidays, errors, today, onChange }: Props) {
  const countries = useMemo(() => [{ value: '', label: 'No public holidays' }, ...holidayCountries().map((country) => ({ value: country.code, label: country.name }))], []);
  const coming = useMemo(() => (holidays.country ? comingHolidays(holidays.country, today) : []), [holidays.country, today]);
  const listed = new Map(holidays.dates.map((entry) => [entry.date, entry]));
  const setDate = (index: number, entry: SpecialDate) => onChange({ ...holidays, dates: holidays.dates.map((current, at) => (at === index ? entry : current)) });
  const addDate = (date: string, name?: string) => onChange({ ...holidays, dates: [...holidays.dates, { date, ranges: [], ...(name ? { name } : {}) }] });

  return (
    <div className="hours-holidays">
      <Select
        label="Public holidays"
        name="holidays.country"
        value={holidays.country ?? ''}
        options={countries}
        error={errors['holidays.country']}
        hint="Closed all day on the country's public holidays, kept up to date for every year."
        onChange={(event) => onChange({ ...holidays, country: event.target.value || null })}
      />
      {coming.length > 0 && (
        <div className="hours-coming">
          <h3 className="hours-subtitle">Coming up</h3>
          <ul className="hours-coming__list">
            {coming.map((holiday) => {
              const special = listed.get(holiday.date);
              return (
                <li key={holiday.date} className="hours-coming__item">
                  <span className="hours-coming__date">{dateLabel(holiday.date)}</span>
                  <span className="hours-coming__name">{holiday.name}</span>
                  <span className="hours-coming__state">{special ? (special.ranges.length ? 'Special hours' : 'Closed') : 'Closed'}</span>
                  {!special && holidays.dates.length < HOURS_LIMITS.dates && (
                    <Button size="small" variant="ghost" onClick={() => addDate(holiday.date, holiday.name)} aria-label={`Open on ${holiday.name}, ${dateLabel(holiday.date)}`}>
                      Open this day
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}

      <div className="hours-dates">
        <h3 className="hours-subtitle">Closed days and special hours</h3>
        {holidays.dates.length === 0 && <p className="hours-muted">A team day, a long weekend, shorter hours on New Year's Eve: add the date here.</p>}
        {holidays.dates.map((entry, index) => (
          <SpecialDateRow
            key={index}
            index={index}
            entry={entry}
            errors={errors}
            onChange={(next) => setDate(index, next)}
            onRemove={() => onChange({ ...holidays, dates: holidays.dates.filter((_, at) => at !== index) })}
          />
        ))}
        {holidays.dates.length < HOURS_LIMITS.dates && (
          <div>
            <Button size="small" icon={<Icon name="plus" size={14} />} onClick={() => addDate(nextFreeDate(today, listed))}>
              Add a date
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

/** The date with this name, or with none when it is empty. */
function withName(entry: SpecialDate, name: string): SpecialDate {
  const next: SpecialDate = { date: entry.date, ranges: entry.ranges };
  return name ? { ...next, name } : next;
}

/** Tomorrow, or the first day after it that is not listed yet. */
function nextFreeDate(today: Date, listed: ReadonlyMap<string, SpecialDate>): string {
  for (let days = 1; ; days += 1) {
    const date = localIsoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));
    if (!listed.has(date)) return date;
  }
}

type RowProps = { index: number; entry: SpecialDate; errors: FieldErrorMap; onChange: (entry: SpecialDate) => void; onRemove: () => void };

function SpecialDateRow({ index, entry, errors, onChange, onRemove }: RowProps) {
  const id = useId();
  const path = `holidays.dates.${index}`;
  const dateError = errors[`${path}.date`];
  const nameError = errors[`${path}.name`];
  const label = entry.date ? dateLabel(entry.date) : `Date ${index + 1}`;
  const special = entry.ranges.length > 0;
  return (
    <div className="hours-date" role="group" aria-label={entry.name ? `${entry.name}, ${label}` : label}>
      <div className="hours-date__fields">
        <div className={['field', dateError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={`${id}-date`}>
            Date
          </label>
          <div className="field__control">
            <input
              id={`${id}-date`}
              type="date"
              className="field__input"
              name={`${path}.date`}
              value={entry.date}
              required
              aria-invalid={dateError ? true : undefined}
              aria-describedby={describedBy(`${id}-date`, undefined, dateError)}
              onChange={(event) => onChange({ ...entry, date: event.target.value })}
            />
          </div>
          <FieldMessages id={`${id}-date`} hint={undefined} error={dateError} />
        </div>
        <div className={['field', 'hours-date__name', nameError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={`${id}-name`}>
            What is it? <span className="hours-muted">(optional)</span>
          </label>
          <div className="field__control">
            <input
              id={`${id}-name`}
              className="field__input"
              name={`${path}.name`}
              value={entry.name ?? ''}
              maxLength={HOURS_LIMITS.dateName}
              placeholder="Team offsite"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={describedBy(`${id}-name`, undefined, nameError)}
              onChange={(event) => onChange(withName(entry, withoutControlCharacters(event.target.value, 'single')))}
            />
          </div>
          <FieldMessages id={`${id}-name`} hint={undefined} error={nameError} />
        </div>
        <Select
          label="Hours"
          name={`${path}.kind`}
          value={special ? 'special' : 'closed'}
          options={[
            { value: 'closed', label: 'Closed all day' },
            { value: 'special', label: 'Special hours' },
          ]}
          onChange={(event) => onChange({ ...entry, ranges: event.target.value === 'special' ? [{ start: '10:00', end: '14:00' } satisfies Range] : [] })}
        />
        <IconButton icon="trash" label={`Remove ${entry.name ?? label}`} className="hours-date__remove" onClick={onRemove} />
      </div>
      {special && <RangesEditor label={entry.name ?? label} path={`${path}.ranges`} ranges={entry.ranges} errors={errors} onChange={(ranges) => onChange({ ...entry, ranges })} />}
    </div>
  );
}
