import { createContext, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { TOAST_DURATION_MS } from '../../protocol/constants';
import { Button } from './Button';
import { Icon } from './Icon';
import { addToast, removeToast } from './toast-list';
import type { Toast, ToastInput } from './toast-list';

type ToastApi = {
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
  /** Lifts the toasts this many pixels above the bottom of the window (use-toast-clearance.ts); 0 puts them back. */
  setClearance: (px: number) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export function useToasts(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToasts needs a <ToastProvider>.');
  return api;
}

/** Holds the toasts of §2: bottom-right, at most TOAST_MAX, each TOAST_DURATION_MS unless persistent. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [clearance, setClearance] = useState(0);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => removeToast(list, id)), []);
  const show = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    setToasts((list) => addToast(list, { ...toast, id }));
    return id;
  }, []);
  const api = useMemo(() => ({ show, dismiss, setClearance }), [show, dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      <section className="toasts" aria-label="Notifications" style={clearance > 0 ? ({ '--toast-clearance': `${clearance}px` } as CSSProperties) : undefined}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const { id, persistent } = toast;

  useEffect(() => {
    if (persistent || paused) return;
    const timer = setTimeout(() => onDismiss(id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [id, persistent, paused, onDismiss]);

  const tone = toast.tone ?? 'info';
  const icon = tone === 'error' ? 'alert' : tone === 'success' ? 'checkCircle' : 'info';
  return (
    <div
      className={`toast toast--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <span className="toast__icon">
        <Icon name={icon} size={18} />
      </span>
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        {toast.body && <p className="toast__body">{toast.body}</p>}
      </div>
      <div className="toast__actions">
        {toast.action && (
          <Button
            variant="primary"
            size="small"
            onClick={() => {
              toast.action?.onAction();
              onDismiss(id);
            }}
          >
            {toast.action.label}
          </Button>
        )}
        <Button variant="ghost" size="small" aria-label="Dismiss" icon={<Icon name="close" />} onClick={() => onDismiss(id)} />
      </div>
    </div>
  );
}
