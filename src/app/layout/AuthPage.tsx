import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ProductMark } from '../components/ProductMark';

type AuthPageProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
};

/** The signed-out screens: the product mark above a centred card. */
export function AuthPage({ title, subtitle, children, footer, wide = false }: AuthPageProps) {
  return (
    <main className="auth-page">
      <Link to="/" className="auth-page__brand" aria-label="Support Inbox home">
        <ProductMark size={30} />
        <span aria-hidden="true">Support Inbox</span>
      </Link>
      <div className={wide ? 'auth-card auth-card--wide' : 'auth-card'}>
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        <div className="auth-card__body">{children}</div>
      </div>
      {footer && <div className="auth-page__footer">{footer}</div>}
    </main>
  );
}
