import { TOAST_TEXTS } from '../../protocol/error-texts';
import type { ToastInput } from '../components/toast-list';

/**
 * §4 'New version available', persistent, with Refresh. A service-worker update and the
 * server's VERSION both show it; the shared key makes sure only one is on screen.
 */
export const newVersionToast: ToastInput = {
  key: 'new-version',
  title: TOAST_TEXTS.newVersion.title,
  body: TOAST_TEXTS.newVersion.body,
  persistent: true,
  action: { label: 'Refresh', onAction: () => window.location.reload() },
};
