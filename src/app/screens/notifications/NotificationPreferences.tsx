import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { CustomInbox } from '../../../protocol/api/models';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENT_LABELS,
  NOTIFICATION_EVENTS,
  notificationSettingsBody,
  type NotificationSettings,
} from '../../../protocol/notifications/notification-settings';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Select } from '../../components/Select';
import { useFormErrors } from '../../forms/use-form-errors';

const CHANNEL_LABELS = { push: 'Push', email: 'Email' } as const;

type Props = {
  initial: NotificationSettings;
  inboxes: readonly CustomInbox[];
  onSave: (settings: NotificationSettings) => Promise<void>;
};

/** What the agent is told of, per event and channel (`PUT account/notifications`). */
export function NotificationPreferences({ initial, inboxes, onSave }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormErrors(formRef);
  const [settings, setSettings] = useState(initial);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.validate(notificationSettingsBody, settings);
    if (!body) return;
    await form.submit(() => onSave(body));
  }

  const inboxOptions = [{ value: '', label: 'My default inbox' }, ...inboxes.map((inbox) => ({ value: inbox.key, label: inbox.name }))];
  return (
    <form ref={formRef} className="panel" noValidate aria-labelledby="notification-events-title" onSubmit={(event) => void onSubmit(event)}>
      <div className="panel__header">
        <h2 className="panel__title" id="notification-events-title">
          What you are told
        </h2>
        <p className="panel__description">Push goes to every device you turned on below; emails are gathered into at most one every few minutes.</p>
      </div>
      <div className="panel__body">
        {form.errors.message && <Alert tone="error">{form.errors.message}</Alert>}
        <table className="notification-table">
          <thead>
            <tr>
              <th scope="col">Event</th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th scope="col" key={channel}>
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_EVENTS.map((event) => (
              <tr key={event}>
                <th scope="row">{NOTIFICATION_EVENT_LABELS[event]}</th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      name={`events.${event}.${channel}`}
                      aria-label={`${CHANNEL_LABELS[channel]}: ${NOTIFICATION_EVENT_LABELS[event]}`}
                      checked={settings.events[event][channel]}
                      onChange={(change) =>
                        setSettings({ ...settings, events: { ...settings.events, [event]: { ...settings.events[event], [channel]: change.target.checked } } })
                      }
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <Select
          label="New conversations of"
          name="inbox"
          options={inboxOptions}
          value={settings.inbox ?? ''}
          error={form.field('inbox')}
          hint="The inbox whose new conversations you are told of."
          onChange={(event) => setSettings({ ...settings, inbox: event.target.value || null })}
        />
      </div>
      <div className="panel__footer">
        <Button type="submit" variant="primary" loading={form.busy}>
          Save notifications
        </Button>
      </div>
    </form>
  );
}
