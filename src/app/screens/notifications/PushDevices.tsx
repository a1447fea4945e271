import { useCallback, useEffect, useState } from 'react';
import type { PushDevice, PushRegisterBody } from '../../../protocol/notifications/push-requests';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { absoluteDate } from '../../format/relative-time';
import { useNow } from '../../hooks/use-now';
import { readPushState, subscribeThisBrowser, unsubscribeThisBrowser, type PushState } from './browser-push';

type Props = {
  devices: readonly PushDevice[];
  vapidPublicKey: string;
  register: (subscription: PushRegisterBody) => Promise<void>;
  unregister: (body: { endpoint: string } | { device_id: number }) => Promise<void>;
};

const STATE_TEXT: Record<PushState['kind'], string> = {
  unsupported: 'This browser cannot show notifications from the app (on iPhone and iPad: add the app to your Home Screen first).',
  denied: 'Notifications are blocked for this site. Allow them in the browser’s site settings, then come back.',
  off: 'This device does not show notifications yet.',
  on: 'This device shows notifications.',
};

/** Push on this device (turn on or off) and the agent's devices, each removable. */
export function PushDevices({ devices, vapidPublicKey, register, unregister }: Props) {
  const now = useNow(60_000);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(() => {
    void readPushState().then(setState, () => setState({ kind: 'unsupported' }));
  }, []);
  useEffect(refresh, [refresh]);
  const thisEndpoint = state?.kind === 'on' ? state.endpoint : null;
  const registered = thisEndpoint !== null && devices.some((device) => device.endpoint === thisEndpoint);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'An unexpected error occurred.');
    }
    setBusy(false);
    refresh();
  }

  return (
    <section className="panel" aria-labelledby="push-devices-title">
      <div className="panel__header">
        <h2 className="panel__title" id="push-devices-title">
          Push notifications
        </h2>
        <p className="panel__description">Shown by your computer or phone even when the app is in the background. Nothing is shown for a conversation you are looking at.</p>
      </div>
      <div className="panel__body">
        {error && <Alert tone="error">{error}</Alert>}
        <div className="push-device-state">
          <span className="push-device-state__icon" aria-hidden="true">
            <Icon name="bell" size={18} />
          </span>
          <p className="push-device-state__text" role="status">
            {state === null ? 'Checking this device…' : STATE_TEXT[state.kind === 'on' && !registered ? 'off' : state.kind]}
          </p>
          {state && (state.kind === 'off' || (state.kind === 'on' && !registered)) && (
            <Button variant="primary" loading={busy} onClick={() => void run(async () => register(await subscribeThisBrowser(vapidPublicKey)))}>
              Turn on for this device
            </Button>
          )}
          {state?.kind === 'on' && registered && (
            <Button
              loading={busy}
              onClick={() =>
                void run(async () => {
                  const endpoint = await unsubscribeThisBrowser();
                  if (endpoint) await unregister({ endpoint });
                })
              }
            >
              Turn off for this device
            </Button>
          )}
        </div>
        <h3 className="push-devices__heading">Your devices</h3>
        {devices.length === 0 ? (
          <p className="panel__description">No device receives your notifications yet.</p>
        ) : (
          <ul className="device-list" aria-label="Your devices">
            {devices.map((device) => (
              <li key={device.id} className="device-list__item">
                <div className="device-list__text">
                  <span className="device-list__name">
                    {device.label}
                    {device.endpoint === thisEndpoint && <Badge tone="accent">This device</Badge>}
                  </span>
                  <span className="device-list__meta">
                    Added {absoluteDate(device.created_at, now)}
                    {device.last_push_at !== null ? ` · last notified ${absoluteDate(device.last_push_at, now)}` : ''}
                  </span>
                </div>
                <Button size="small" variant="ghost" aria-label={`Remove ${device.label}`} loading={busy} onClick={() => void run(() => unregister({ device_id: device.id }))}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

