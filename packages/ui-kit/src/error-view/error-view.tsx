import '../tokens/tokens.css';
import './error-view.css';
import type { ReactNode } from 'react';
import { cx } from '../internal/class-names';
import type { NativeProps } from '../internal/root-props';

export interface ErrorViewTexts {
  title: string;
  description?: string;
}

/** Texts per status code (docs/product.md, Screens); any other status shows 'Internal Error'. */
export const ERROR_VIEW_TEXTS = {
  404: { title: 'Page not found...' },
  403: {
    title: 'Error 403',
    description: 'Sorry, you do not have permission to access this page.',
  },
  503: {
    title: 'An error occurred',
    description: 'Please refresh the page or contact our support team.',
  },
  410: { title: 'This page is no longer available because the tour dates have passed' },
  other: { title: 'Internal Error' },
} as const satisfies Record<string, ErrorViewTexts>;

export function errorViewTexts(status: number): ErrorViewTexts {
  switch (status) {
    case 404:
    case 403:
    case 503:
    case 410:
      return ERROR_VIEW_TEXTS[status];
    default:
      return ERROR_VIEW_TEXTS.other;
  }
}

export interface ErrorContact {
  /** e.g. 'Call +1 555 0100', 'Email support', 'WhatsApp'. */
  label: string;
  href: string;
}

/** Native props, `className`, `style` and `ref` go to the `<section>`; its title names it. */
export interface ErrorViewProps extends NativeProps<'section'> {
  status: number;
  /** Overrides the title or description for the status. */
  texts?: Partial<ErrorViewTexts>;
  /** 404: where 'Back home' goes. */
  homeHref?: string;
  homeLabel?: string;
  /** 503: main phone, email and messenger buttons. */
  contacts?: readonly ErrorContact[];
  /** Extra content under the texts. */
  children?: ReactNode;
  /** Heading level of the title; a page uses 1. */
  headingLevel?: 1 | 2;
}

/**
 * The error page for an HTTP status: 404 with a way home, 503 with the
 * contacts, and a generic text for any other status; titles and texts are overridable.
 *
 * **Usage.** Do use it as the whole content of a page that failed (`headingLevel` 1) and pass
 * `contacts` for 503. Don't show raw error messages or stack traces in it, and don't use it for a
 * failed form field (show the field's error message).
 */
export function ErrorView({
  status,
  texts,
  homeHref = '/',
  homeLabel = 'Back home',
  contacts = [],
  children,
  headingLevel = 1,
  className,
  ...rest
}: ErrorViewProps) {
  const { title, description } = { ...errorViewTexts(status), ...texts };
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      {...rest}
      className={cx('gk-error-view', className)}
      aria-labelledby={`gk-error-${status}`}
    >
      <p className="gk-error-view__code" aria-hidden="true">
        {status}
      </p>
      <Heading id={`gk-error-${status}`} className="gk-error-view__title">
        {title}
      </Heading>
      {description && <p className="gk-error-view__description">{description}</p>}
      {children}
      {status === 404 && (
        <a className="gk-error-view__action gk-error-view__action--primary" href={homeHref}>
          {homeLabel}
        </a>
      )}
      {status === 503 && contacts.length > 0 && (
        <ul className="gk-error-view__contacts">
          {contacts.map((contact) => (
            <li key={contact.href}>
              <a className="gk-error-view__action" href={contact.href}>
                {contact.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
