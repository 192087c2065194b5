import type { components } from '@gallop/api-client';
import { imageUrl } from '@gallop/ui-kit';
import { Link } from '@tanstack/react-router';
import { formatDateRange } from '../../../../lib/tour-format';
import type { RelatedBooking } from '../../api';
import type { ConversationSubject } from '../../subject';
import {
  bookingPath,
  relatedStatusLabel,
  type ChatViewer,
} from '../related-bookings/related-bookings';
import '../chat.css';

type ChatTour = components['schemas']['ChatTour'];

/**
 * Under the conversation's header, what it is about now (`conversationSubject`): the booking,
 * named with its tour, dates and status and opening where its reader reads it (the traveller's
 * booking page, the organizer area; for support the tour's page), and the tour the chat was
 * opened from while no booking is on it.
 */
export function ConversationSubjectLinks({
  subject,
  viewer,
}: {
  subject: ConversationSubject;
  viewer: ChatViewer;
}) {
  return (
    <>
      {subject.booking && <BookingLink booking={subject.booking} viewer={viewer} />}
      {subject.tour && <TourLink tour={subject.tour} />}
    </>
  );
}

function TourLink({ tour }: { tour: ChatTour }) {
  return (
    <Link to="/$slug" params={{ slug: tour.slug }} className="chat-conversation__tour">
      {tour.image && <img src={imageUrl(tour.image.image, '250x300')} alt="" loading="lazy" />}
      <span>
        <span className="chat-conversation__tour-label">About the tour</span>
        <span className="chat-conversation__tour-name">{tour.name}</span>
      </span>
    </Link>
  );
}

function BookingLink({ booking, viewer }: { booking: RelatedBooking; viewer: ChatViewer }) {
  const path = bookingPath(viewer);
  const content = <BookingSubject booking={booking} viewer={viewer} />;
  return path ? (
    <Link to={path} params={{ id: String(booking.id) }} className="chat-conversation__tour">
      {content}
    </Link>
  ) : (
    <Link to="/$slug" params={{ slug: booking.tour.slug }} className="chat-conversation__tour">
      {content}
    </Link>
  );
}

/** 'About booking #35 · 14–20 Jun 2027 · Confirmed', over the tour's name. */
function BookingSubject({ booking, viewer }: { booking: RelatedBooking; viewer: ChatViewer }) {
  const image = booking.tour.images[0];
  const dates = booking.tour_date
    ? ` · ${formatDateRange(booking.tour_date.start, booking.tour_date.end)}`
    : '';
  return (
    <>
      {image && <img src={imageUrl(image.image, '250x300')} alt="" loading="lazy" />}
      <span>
        <span className="chat-conversation__tour-label">
          About booking #{booking.id}
          {dates} · {relatedStatusLabel(booking, viewer)}
        </span>
        <span className="chat-conversation__tour-name">{booking.tour.name}</span>
      </span>
    </>
  );
}
