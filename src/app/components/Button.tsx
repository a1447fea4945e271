import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  block?: boolean;
  /** Shows a spinner and blocks further clicks while an action runs, keeping the button's size. */
  loading?: boolean;
  icon?: ReactNode;
};

export function Button({
  variant = 'secondary',
  size = 'normal',
  block = false,
  loading = false,
  icon,
  type = 'button',
  className,
  disabled,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`];
  if (size === 'small') classes.push('btn--small');
  if (block) classes.push('btn--block');
  if (!children) classes.push('btn--icon');
  if (className) classes.push(className);
  return (
    <button
      {...rest}
      type={type}
      className={classes.join(' ')}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
    >
      {loading && <Spinner />}
      {icon}
      {children && <span className="btn__label">{children}</span>}
    </button>
  );
}
