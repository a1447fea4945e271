import { TOAST_MAX } from '../../protocol/constants';

export type ToastTone = 'info' | 'success' | 'error';

export type ToastInput = {
  title: string;
  body?: string;
  tone?: ToastTone;
  action?: { label: string; onAction: () => void };
  /** Stays until dismissed or acted on (e.g. 'New version available'), instead of 5 s. */
  persistent?: boolean;
  /** A toast with the same key replaces the earlier one instead of stacking. */
  key?: string;
};

export type Toast = ToastInput & { id: number };

/**
 * The visible toasts after adding one (§2: at most 20). Over the limit the oldest transient
 * toast goes first, so a persistent one (a pending update) is not pushed out by chatter.
 */
export function addToast(list: readonly Toast[], toast: Toast): Toast[] {
  const next = list.filter((t) => toast.key === undefined || t.key !== toast.key);
  next.push(toast);
  while (next.length > TOAST_MAX) {
    const oldestTransient = next.findIndex((t) => !t.persistent);
    next.splice(oldestTransient === -1 ? 0 : oldestTransient, 1);
  }
  return next;
}

export function removeToast(list: readonly Toast[], id: number): Toast[] {
  return list.filter((t) => t.id !== id);
}
