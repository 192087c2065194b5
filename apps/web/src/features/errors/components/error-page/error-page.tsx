import { Button } from '@gallop/ui-kit';
import { useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { ButtonLink } from '../../../../components/button-link/button-link';
import { getErrorContent } from '../../error-content';
import './error-page.css';

/** The support contacts the 503 page offers (from the site's contacts once the API serves them). */
export interface SupportContacts {
  phone?: string;
  email?: string;
  messengers?: ReadonlyArray<{ name: string; url: string }>;
}

export interface ErrorPageProps {
  /** HTTP status the page stands for; it picks the text (spec section 2.2). */
  status: number;
  contacts?: SupportContacts;
}

export function ErrorPage({ status, contacts }: ErrorPageProps) {
  const content = getErrorContent(status);
  return (
    <section className="error-page" aria-labelledby="error-page-heading" data-status={status}>
      <TrailIllustration />
      <h1 id="error-page-heading" className="display-heading error-page__heading">
        {content.heading}
      </h1>
      {content.message ? <p className="error-page__message">{content.message}</p> : null}
      {content.action === 'home' ? <BackHomeButton /> : null}
      {content.action === 'support' ? <SupportActions contacts={contacts} /> : null}
    </section>
  );
}

/**
 * A real form, so 'Back home' works before the page hydrates; once hydrated the router
 * navigates without reloading the page.
 */
function BackHomeButton() {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate({ to: '/' });
  };
  return (
    <form action="/" method="get" onSubmit={onSubmit} className="error-page__actions">
      <Button type="submit" theme="primary" size="lg">
        Back home
      </Button>
    </form>
  );
}

function SupportActions({ contacts }: { contacts: SupportContacts | undefined }) {
  return (
    <div className="error-page__actions">
      <Button theme="primary" onClick={() => window.location.reload()}>
        Refresh the page
      </Button>
      {contacts?.phone ? (
        <ButtonLink href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>
          {contacts.phone}
        </ButtonLink>
      ) : null}
      {contacts?.email ? (
        <ButtonLink href={`mailto:${contacts.email}`}>{contacts.email}</ButtonLink>
      ) : null}
      {contacts?.messengers?.map((messenger) => (
        <ButtonLink
          key={messenger.url}
          href={messenger.url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {messenger.name}
        </ButtonLink>
      ))}
    </div>
  );
}

/** A trail between hills ending at a signpost: decorative, hidden from assistive technology. */
function TrailIllustration() {
  return (
    <svg
      className="error-page__illustration"
      viewBox="0 0 240 150"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <clipPath id="error-page-frame">
          <rect width="240" height="150" rx="28" />
        </clipPath>
        <linearGradient id="error-page-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#efe7ff" />
          <stop offset="1" stopColor="#fff4ea" />
        </linearGradient>
      </defs>
      <g clipPath="url(#error-page-frame)">
        <rect width="240" height="150" fill="url(#error-page-sky)" />
        <circle cx="184" cy="42" r="15" fill="#ffd3a3" />
        <path d="M0 98 C40 72 72 74 112 90 S192 74 240 86 V150 H0Z" fill="#d9c8ff" />
        <path d="M0 118 C52 96 98 102 142 114 S212 104 240 110 V150 H0Z" fill="#a883ff" />
        <path
          d="M70 150 C96 136 94 124 124 117 S150 110 158 106"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray="2 9"
        />
        <g fill="#5a2bc4">
          <rect x="162" y="72" width="4" height="36" rx="2" />
          <path d="M150 74 h26 l6 6 l-6 6 h-26z" />
          <path d="M178 90 h-26 l-6 6 l6 6 h26z" opacity="0.75" />
        </g>
      </g>
    </svg>
  );
}
