import type { ButtonHTMLAttributes } from 'react';
import { Icon } from './Icon';
import type { IconName } from './Icon';

type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'> & { icon: IconName; label: string };

/**
 * A small ghost button showing only an icon. Its name is text content (visually hidden), not
 * aria-label, so label-based lookups of nearby fields do not find it too.
 */
export function IconButton({ icon, label, className, ...rest }: IconButtonProps) {
  return (
    <button {...rest} type="button" className={['btn btn--ghost btn--small btn--icon', className].filter(Boolean).join(' ')} title={label}>
      <Icon name={icon} size={15} />
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
