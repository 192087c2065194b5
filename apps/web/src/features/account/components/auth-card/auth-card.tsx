import type { ReactNode } from 'react';
import './account.css';

export interface AuthCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card the sign-in, registration and confirmation pages share. */
export function AuthCard({ title, lead, children, footer }: AuthCardProps) {
  return (
    <div className="page-container account-page">
      <section className="account-card" aria-labelledby="account-card-title">
        <h1 id="account-card-title" className="account-card__title">
          {title}
        </h1>
        {lead && <p className="account-card__lead">{lead}</p>}
        {children}
        {footer && <div className="account-card__footer">{footer}</div>}
      </section>
    </div>
  );
}

/** A form's failure (the server's message and field details), announced to screen readers. */
export function FormFailure({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="account-form__failure" role="alert">
      {text}
    </p>
  );
}
