import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import './booking-heading.css';

/**
 * The top of a page about one booking (its riders' arrival, why it can no longer change): the
 * booking's number, the page's title, and a lead that starts with the tour's link and goes on
 * with `children`.
 */
export function BookingHeading({
  requestId,
  title,
  tour,
  children,
}: {
  requestId: number;
  title: string;
  tour: { name: string; slug: string };
  children: ReactNode;
}) {
  return (
    <>
      <p className="eyebrow">Booking #{requestId}</p>
      <h1 className="display-heading booking-heading__title">{title}</h1>
      <p className="booking-heading__lead">
        <Link to="/$slug" params={{ slug: tour.slug }}>
          {tour.name}
        </Link>
        {children}
      </p>
    </>
  );
}
