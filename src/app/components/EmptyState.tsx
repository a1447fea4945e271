import type { ReactNode } from 'react';
import { Icon } from './Icon';
import type { IconName } from './Icon';

type EmptyStateProps = { icon: IconName; title: string; children?: ReactNode; actions?: ReactNode };

export function EmptyState({ icon, title, children, actions }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <div className="empty-state__icon">
        <Icon name={icon} size={24} />
      </div>
      <h2 className="empty-state__title">{title}</h2>
      {children && <div className="empty-state__body">{children}</div>}
      {actions && <div className="empty-state__actions">{actions}</div>}
    </div>
  );
}
