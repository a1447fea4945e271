import { useCallback, useState } from 'react';
import { apiPaths } from '../../../protocol/api/routes';
import type { NotificationSettings } from '../../../protocol/notifications/notification-settings';
import type { NotificationsResponse, PushRegisterBody } from '../../../protocol/notifications/push-requests';
import { useApi } from '../../api/api-context';
import { failureText } from '../../api/failure-text';
import { Alert } from '../../components/Alert';
import { Spinner } from '../../components/Spinner';
import { useToasts } from '../../components/Toasts';
import { useLoad } from '../../hooks/use-load';
import { PageHeader } from '../../layout/PageHeader';
import { useSignedIn } from '../../session/signed-in-context';
import { SettingsTabs, accountTabs } from '../settings/SettingsTabs';
import { NotificationPreferences } from './NotificationPreferences';
import { PushDevices } from './PushDevices';

/** `account/notifications` (§2): what the agent is told of, how, and on which devices. */
export default function NotificationsScreen() {
  const { slug, agent } = useSignedIn();
  const api = useApi();
  const { show } = useToasts();
  const { state } = useLoad(useCallback((signal: AbortSignal) => api.get<NotificationsResponse>(apiPaths.notifications, signal), [api]));
  const [latest, setLatest] = useState<NotificationsResponse | null>(null);
  const current = latest ?? (state.status === 'ready' ? state.data : null);

  const save = async (settings: NotificationSettings) => {
    setLatest(await api.request<NotificationsResponse>('PUT', apiPaths.notifications, settings));
    show({ title: 'Notifications saved', tone: 'success', key: 'notifications-saved' });
  };
  const register = async (subscription: PushRegisterBody) => setLatest(await api.post<NotificationsResponse>(apiPaths.notificationsRegister, subscription));
  const unregister = async (body: { endpoint: string } | { device_id: number }) =>
    setLatest(await api.post<NotificationsResponse>(apiPaths.notificationsUnregister, body));

  return (
    <div className="page">
      <PageHeader title="Account" description="How your teammates and customers see you." />
      <SettingsTabs label="Account settings" tabs={accountTabs(slug)} />
      {state.status === 'error' && !current && <Alert tone="error">{failureText(state.failure)?.message ?? 'An unexpected error occurred.'}</Alert>}
      {!current && state.status !== 'error' && (
        <div className="centered">
          <Spinner label="Loading your notifications" />
        </div>
      )}
      {current && (
        <>
          <PushDevices devices={current.devices} vapidPublicKey={current.vapid_public_key} register={register} unregister={unregister} />
          <NotificationPreferences initial={current.settings} inboxes={agent.custom_inboxes} onSave={save} />
        </>
      )}
    </div>
  );
}
