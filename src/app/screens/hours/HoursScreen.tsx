import { useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { withoutControlCharacters } from '../../../protocol/api/text-fields';
import type { BusinessHoursDocument } from '../../../protocol/documents';
import {
  HOURS_LIMITS,
  WEEKDAY_NAMES,
  defaultHours,
  isKnownTimeZone,
  organizationHoursSchema,
  type AutoReply,
  type OrganizationHours,
} from '../../../protocol/hours/hours-model';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { FieldMessages, describedBy } from '../../components/FieldMessages';
import { Spinner } from '../../components/Spinner';
import { useToasts } from '../../components/Toasts';
import { useFormErrors } from '../../forms/use-form-errors';
import { PageHeader } from '../../layout/PageHeader';
import { useSyncActions } from '../../sync/use-sync-actions';
import { HolidaysEditor } from './HolidaysEditor';
import { hoursStatus } from './hours-status';
import { useBusinessHours, useHoursRefusal } from './use-business-hours';
import { DayRow, type FieldErrorMap } from './WeekEditor';

/** The browser's own IANA zone, the default of a team that has not set its hours. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}

function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

/** §8: a refusal reads "field: message"; its field marks the control, the whole text leads the form. */
function refusalFields(text: string | null): FieldErrorMap {
  const match = text ? /^([A-Za-z_][\w.]*): (.+)$/s.exec(text) : null;
  return match?.[1] && match[2] ? { [match[1]]: match[2] } : {};
}

/**
 * `hours` (§2, no role needed §6): the team's business hours in their time zone, the week with
 * several ranges a day (past midnight shown as "next day"), public holidays of a country and
 * one-off dates, and the auto-replies sent outside hours. Saved as one mutation: offline too,
 * shown at once in every tab's sidebar, rolled back with the server's field error shown here.
 */
export default function HoursScreen() {
  const doc = useBusinessHours();
  const refusal = useHoursRefusal(doc);
  return (
    <div className="page page--wide">
      <PageHeader
        title="Business hours"
        description="When your team answers. Everyone sees whether you are open, visitors to your chat see when you are back, and customers who write while you are away can get an automatic reply."
      />
      {doc === undefined ? (
        <div className="centered">
          <Spinner large label="Loading business hours" />
        </div>
      ) : (
        <HoursForm key={`${doc.version}:${doc.updated_at ?? 0}`} doc={doc} refusal={refusal} />
      )}
    </div>
  );
}

function HoursForm({ doc, refusal }: { doc: BusinessHoursDocument; refusal: string | null }) {
  const { mutate } = useSyncActions();
  const { show } = useToasts();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [draft, setDraft] = useState<OrganizationHours>(() => doc.hours ?? defaultHours(browserTimeZone()));
  const today = useMemo(() => new Date(), []);
  const errors: FieldErrorMap = { ...refusalFields(refusal), ...form.errors.fields };
  const saved = hoursStatus(doc.hours, new Date());

  const change = (next: OrganizationHours) => {
    setDraft(next);
    form.clear();
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const hours = form.validate(organizationHoursSchema, draft);
    if (!hours) return;
    mutate({ kind: 'save-business-hours', ...hours });
    show({ title: 'Business hours saved', tone: 'success', key: 'hours-saved' });
  }

  return (
    <form ref={formRef} className="hours-form" noValidate onSubmit={onSubmit} aria-label="Business hours">
      <div className={`hours-now hours-now--${saved ? (saved.open ? 'open' : 'closed') : 'unset'}`} role="status">
        <span className="hours-now__dot" aria-hidden="true" />
        <span>
          {saved ? (
            <>
              <strong>{saved.open ? 'Open now' : 'Closed now'}</strong>
              {saved.detail && ` · ${saved.detail}`}
            </>
          ) : (
            <>
              <strong>No business hours yet</strong> · until you save them, your team counts as always open.
            </>
          )}
        </span>
      </div>
      {refusal && <Alert tone="error">Your last change was not saved: {refusal}</Alert>}

      <section className="panel" aria-labelledby="hours-zone-title">
        <div className="panel__header">
          <h2 className="panel__title" id="hours-zone-title">
            Time zone
          </h2>
          <p className="panel__description">Your hours are kept in this zone. Teammates and visitors see the times in their own.</p>
        </div>
        <div className="panel__body">
          <TimeZoneField value={draft.timezone} error={errors['timezone']} onChange={(timezone) => change({ ...draft, timezone })} />
        </div>
      </section>

      <section className="panel" aria-labelledby="hours-week-title">
        <div className="panel__header">
          <h2 className="panel__title" id="hours-week-title">
            Weekly hours
          </h2>
          <p className="panel__description">Add several ranges for a lunch break. A range that ends at or before it starts runs past midnight into the next day.</p>
        </div>
        <div className="panel__body hours-week">
          {WEEKDAY_NAMES.map((name, day) => (
            <DayRow
              key={name}
              name={name}
              path={`week.${day}`}
              ranges={draft.week[day] ?? []}
              errors={errors}
              onChange={(ranges) => change({ ...draft, week: draft.week.map((current, at) => (at === day ? ranges : current)) })}
            />
          ))}
          {errors['week'] && <Alert tone="error">{errors['week']}</Alert>}
        </div>
      </section>

      <section className="panel" aria-labelledby="hours-holidays-title">
        <div className="panel__header">
          <h2 className="panel__title" id="hours-holidays-title">
            Holidays
          </h2>
          <p className="panel__description">Days you are closed or keep other hours. A night range of the day before still runs into them.</p>
        </div>
        <div className="panel__body">
          <HolidaysEditor holidays={draft.holidays} errors={errors} today={today} onChange={(holidays) => change({ ...draft, holidays })} />
        </div>
      </section>

      <section className="panel" aria-labelledby="hours-reply-title">
        <div className="panel__header">
          <h2 className="panel__title" id="hours-reply-title">
            Auto-reply outside business hours
          </h2>
          <p className="panel__description">
            Sent at most once per conversation each time you close, and shown in the conversation. Never sent to automatic or bulk mail.
          </p>
        </div>
        <div className="panel__body">
          <AutoReplyField
            channel="email"
            label="Reply to emails that arrive while you are closed"
            placeholder="Thanks for your email! We're closed right now and will answer as soon as we're back."
            reply={draft.auto_reply.email}
            error={errors['auto_reply.email.text']}
            onChange={(email) => change({ ...draft, auto_reply: { ...draft.auto_reply, email } })}
          />
          <AutoReplyField
            channel="chat"
            label="Answer chats that start while you are closed"
            placeholder="We're away right now. Leave your email and we'll get back to you."
            reply={draft.auto_reply.chat}
            error={errors['auto_reply.chat.text']}
            onChange={(chat) => change({ ...draft, auto_reply: { ...draft.auto_reply, chat } })}
          />
        </div>
      </section>

      <div className="hours-form__actions">
        <Button type="submit" variant="primary">
          Save business hours
        </Button>
      </div>
    </form>
  );
}

function TimeZoneField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (zone: string) => void }) {
  const id = useId();
  const zones = useMemo(timeZones, []);
  const hint = 'Type to search, e.g. Berlin or New York.';
  return (
    <div className={['field', 'hours-zone', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        Time zone
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          name="timezone"
          role="combobox"
          list={`${id}-zones`}
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => onChange(withoutControlCharacters(event.target.value, 'single').trim())}
        />
      </div>
      <datalist id={`${id}-zones`}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </datalist>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

type AutoReplyProps = { channel: 'email' | 'chat'; label: string; placeholder: string; reply: AutoReply; error: string | undefined; onChange: (reply: AutoReply) => void };

function AutoReplyField({ channel, label, placeholder, reply, error, onChange }: AutoReplyProps) {
  const id = useId();
  const hint = channel === 'email' ? 'Goes out from the address the customer wrote to, marked as an automatic reply.' : 'Visitors see it in the chat widget, which also tells them when you are back.';
  return (
    <div className="hours-reply">
      <label className="switch-field">
        <input type="checkbox" role="switch" name={`auto_reply.${channel}.enabled`} checked={reply.enabled} onChange={(event) => onChange({ ...reply, enabled: event.target.checked })} />
        <span className="switch-field__track" aria-hidden="true" />
        <span className="switch-field__text">
          <span className="switch-field__label">{label}</span>
          <span className="switch-field__hint">{hint}</span>
        </span>
      </label>
      {reply.enabled && (
        <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <div className="field__label-row">
            <label className="field__label" htmlFor={id}>
              {channel === 'email' ? 'Email auto-reply' : 'Chat auto-reply'}
            </label>
            <span className="field__counter" aria-hidden="true">
              {reply.text.length}/{HOURS_LIMITS.autoReply}
            </span>
          </div>
          <div className="field__control">
            <textarea
              id={id}
              name={`auto_reply.${channel}.text`}
              className="field__input field__textarea"
              rows={3}
              maxLength={HOURS_LIMITS.autoReply}
              placeholder={placeholder}
              value={reply.text}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(id, undefined, error)}
              onChange={(event) => onChange({ ...reply, text: withoutControlCharacters(event.target.value, 'multi') })}
            />
          </div>
          <FieldMessages id={id} hint={undefined} error={error} />
        </div>
      )}
    </div>
  );
}
