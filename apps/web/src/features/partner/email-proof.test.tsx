/**
 * A request booked signed out whose traveller has not confirmed the e-mail
 * (`email_proof_required`), as the organizer area shows it: named for what it waits for, with no
 * Confirm and no answer deadline, only Decline; the seats' hold says what releases it.
 */
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../lib/api';
import { renderInApp } from '../../lib/testing/render-in-app';
import { organizerBookingQuery, type OrganizerBooking, type OrganizerBookingListItem } from './api';
import { EMAIL_PROOF_LABEL, organizerStatusLabel } from './answer';
import { EMAIL_PROOF_NOTE } from './components/organizer-answer/organizer-answer';
import { OrganizerBookingPage } from './components/organizer-booking-page/organizer-booking-page';
import { OrganizerBookings } from './components/organizer-bookings/organizer-bookings';
import { areaApi } from './testing/area-api';
import { organizerBookingFixture } from './testing/request-fixture';

const unproven = (overrides: Partial<OrganizerBooking> = {}) =>
  organizerBookingFixture({
    email_proof_required: true,
    can_confirm: false,
    can_decline: true,
    hold_until: '2026-12-02T14:30:00.000Z',
    chat_id: null,
    ...overrides,
  });

function RouteStandIn({ id }: { id: number }) {
  const { data } = useQuery(organizerBookingQuery(useApi(), id));
  return data ? <OrganizerBookingPage booking={data} arrivalOpen={false} /> : null;
}

async function renderPage(booking: OrganizerBooking) {
  await renderInApp(<RouteStandIn id={booking.id} />, { fetch: areaApi(booking).fetch });
  await screen.findByRole('heading', { level: 1, name: `Booking #${booking.id}` });
}

describe('a request waiting for its traveller’s e-mail', () => {
  it('is labelled for what it waits for, whatever its status', () => {
    const booking = { status: 1 as const, price: 100, paid: 0 };
    expect(organizerStatusLabel({ ...booking, email_proof_required: true })).toBe(
      'Waiting for the traveller to confirm their e-mail',
    );
    expect(organizerStatusLabel({ ...booking, status: 2, email_proof_required: true })).toBe(
      EMAIL_PROOF_LABEL,
    );
    expect(organizerStatusLabel(booking)).toBe('Waiting for your answer');
  });

  it('offers Decline but no Confirm and no deadline to answer, and says why', async () => {
    await renderPage(unproven());
    expect(screen.getAllByText(EMAIL_PROOF_LABEL).length).toBeGreaterThan(0);
    expect(screen.getByText(EMAIL_PROOF_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByText(/^Answer by/)).toBeNull();
    expect(
      screen.getByText(
        /unless the traveller confirms their e-mail by then, the booking is released/,
      ),
    ).toBeInTheDocument();
  });

  it('once confirmed, reads as any request: Confirm and its deadline', async () => {
    await renderPage(organizerBookingFixture({ email_proof_required: false }));
    expect(screen.queryByText(EMAIL_PROOF_NOTE)).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm booking' })).toBeInTheDocument();
    expect(screen.getByText(/^Answer by/)).toBeInTheDocument();
  });

  it('is listed among the other bookings with its label, without “Answer by”', async () => {
    // The list's fields of the page's fixture.
    const { id, status, tour_name, start, end, seats, non_riders, contact_name, ...rest } =
      organizerBookingFixture();
    const { respond_by, price, paid, refunded, currency, created_at } = rest;
    const item: OrganizerBookingListItem = {
      ...{ id, status, tour_name, start, end, seats, non_riders, contact_name, respond_by },
      ...{ price, paid, received: paid, refunded, currency, created_at },
      email_proof_required: true,
    };
    await renderInApp(<OrganizerBookings waiting={[]} active={[item]} isProvider />);
    const others = await screen.findByRole('region', { name: 'Other active bookings' });
    expect(within(others).getByText(new RegExp(EMAIL_PROOF_LABEL))).toBeInTheDocument();
    expect(within(others).queryByText(/Answer by/)).toBeNull();
  });
});
