import type { ReactNode, Ref } from 'react';
import { Icon } from './Icon';

export type AlertTone = 'error' | 'info' | 'success' | 'warning';

const ICONS = { error: 'alert', info: 'info', success: 'checkCircle', warning: 'alert' } as const;

/** An inline message in a form or page. Errors are announced (role alert), the rest politely. */
export function Alert({ tone, children, ref }: { tone: AlertTone; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      <Icon name={ICONS[tone]} size={16} />
      <div>{children}</div>
    </div>
  );
}
