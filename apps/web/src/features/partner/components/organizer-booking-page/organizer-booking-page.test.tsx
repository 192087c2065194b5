import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../../../lib/api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { organizerBookingQuery, type OrganizerBooking } from '../../api';
import { ANSWER_TEXTS } from '../../answer';
import { areaApi } from '../../testing/area-api';
import { organizerBookingFixture } from '../../testing/request-fixture';
import { OrganizerBookingPage } from './organizer-booking-page';

function RouteStandIn({ id }: { id: number }) {
  const { data } = useQuery(organizerBookingQuery(useApi(), id));
  return data ? <OrganizerBookingPage booking={data} /> : null;
}

async function renderBooking(booking: OrganizerBooking) {
  const api = areaApi(booking);
  await renderInApp(<RouteStandIn id={booking.id} />, { fetch: api.fetch });
  await screen.findByRole('heading', { level: 1, name: `Booking #${booking.id}` });
  return api;
}

const button = (name: string) => screen.queryByRole('button', { name });

describe('OrganizerBookingPage', () => {
  it('shows the riders with what the organizer needs, the contact and the comment', async () => {
    await renderBooking(organizerBookingFixture());
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Ines Moreau');
    expect(rows[1]!.textContent).toContain('35');
    expect(rows[1]!.textContent).toContain('61 kg');
    expect(rows[1]!.textContent).toContain('Vegetarian');
    expect(rows[1]!.textContent).toContain('ines@example.com');
    expect(rows[1]!.textContent).toContain('+33612345678');
    expect(rows[2]!.textContent).toContain('Not given');
    expect(screen.getByText('We have ridden before, but never for a week.')).toBeTruthy();
    expect(screen.getByText(/No payment yet/)).toBeTruthy();
    expect(screen.getByText(/The meeting page opens once the booking is paid/)).toBeTruthy();
  });

  it('shows each rider’s level and weight, and who takes a heavier horse', async () => {
    const booking = organizerBookingFixture();
    await renderBooking(
      organizerBookingFixture({
        heavy_places: 1,
        max_rider_weight_kg: 95,
        tourists: [
          booking.tourists[0]!,
          { ...booking.tourists[1]!, weight: 102, level: 'strong-intermediate' },
        ],
      }),
    );
    const [, ines, paul] = within(screen.getByRole('table')).getAllByRole('row');
    expect(
      within(ines!).getByRole('img', { name: 'Rider level: Intermediate, 3 of 5' }),
    ).toBeVisible();
    expect(ines!.textContent).toContain('61 kg');
    expect(ines!.textContent).not.toContain('Heavier horse');
    expect(
      within(paul!).getByRole('img', { name: 'Rider level: Strong intermediate, 4 of 5' }),
    ).toBeVisible();
    expect(paul!.textContent).toContain('102 kgHeavier horse: above 95 kg');
    expect(
      screen.getByText('1 heavier-horse place is held for this booking (a rider above 95 kg).'),
    ).toBeTruthy();
  });

  it('lists who rides and who comes along without riding', async () => {
    const booking = organizerBookingFixture();
    const rider = booking.tourists[0]!;
    await renderBooking(
      organizerBookingFixture({
        seats: 1,
        non_riders: 1,
        tourists: [
          { ...rider, rides: true },
          { ...rider, id: 99, full_name: 'Sami Moreau', rides: false, weight: null, level: null },
        ],
      }),
    );
    expect(screen.getByRole('heading', { name: 'Riders and non-riders' })).toBeInTheDocument();
    expect(
      screen.getByText('1 rider, 1 non-rider coming along without a horse.'),
    ).toBeInTheDocument();
    const [, first, second] = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(first!).getAllByRole('cell')[0]).toHaveTextContent('Yes');
    expect(within(second!).getByRole('rowheader')).toHaveTextContent('Sami Moreau');
    expect(within(second!).getAllByRole('cell')[0]).toHaveTextContent('No: comes along');
    expect(within(second!).getAllByRole('cell')[2]).toHaveTextContent('No horse');
  });

  it('says "Not given" for a rider without a level', async () => {
    const booking = organizerBookingFixture();
    await renderBooking(
      organizerBookingFixture({ tourists: [{ ...booking.tourists[0]!, level: null }] }),
    );
    const [, ines] = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(ines!).queryByRole('img')).toBeNull();
    expect(within(ines!).getAllByRole('cell')[2]).toHaveTextContent('Not given');
  });

  it('offers confirm and decline for a waiting request, and no cancel', async () => {
    const api = await renderBooking(organizerBookingFixture());
    expect(button('Confirm booking')).toBeTruthy();
    expect(button('Decline')).toBeTruthy();
    expect(button('Cancel booking')).toBeNull();
    fireEvent.click(button('Confirm booking')!);
    await waitFor(() => expect(screen.getByText('Confirmed, waiting for prepayment')).toBeTruthy());
    expect(api.posts).toEqual([{ path: '/crm/api/partner/booking/confirm', body: { id: 4821 } }]);
    expect(button('Confirm booking')).toBeNull();
    expect(button('Cancel booking')).toBeTruthy();
  });

  it('declines only with a reason', async () => {
    const api = await renderBooking(organizerBookingFixture());
    fireEvent.click(button('Decline')!);
    fireEvent.click(button('Decline request')!);
    expect((await screen.findByRole('alert')).textContent).toBe(ANSWER_TEXTS.reasonRequired);
    expect(api.posts).toEqual([]);
    fireEvent.change(screen.getByLabelText('Reason for the traveller'), {
      target: { value: 'The horses rest that week' },
    });
    fireEvent.click(button('Decline request')!);
    await waitFor(() =>
      expect(api.posts).toEqual([
        {
          path: '/crm/api/partner/booking/decline',
          body: { id: 4821, reason: 'The horses rest that week' },
        },
      ]),
    );
    await waitFor(() => expect(button('Decline')).toBeNull());
  });

  it('cancels a confirmed booking with a reason after one more step', async () => {
    const api = await renderBooking(
      organizerBookingFixture({
        status: 2,
        respond_by: null,
        can_confirm: false,
        can_decline: false,
        can_cancel: true,
      }),
    );
    expect(button('Confirm booking')).toBeNull();
    expect(button('Decline')).toBeNull();
    fireEvent.click(button('Cancel booking')!);
    fireEvent.change(screen.getByLabelText('Reason for the traveller'), {
      target: { value: 'A storm closed the trail' },
    });
    fireEvent.click(button('Cancel booking')!);
    expect(
      await screen.findByText(/The traveller is told, and the seats are released/),
    ).toBeTruthy();
    expect(api.posts).toEqual([]);
    fireEvent.click(button('Yes, cancel the booking')!);
    await waitFor(() =>
      expect(api.posts).toEqual([
        {
          path: '/crm/api/partner/booking/cancel',
          body: { id: 4821, reason: 'A storm closed the trail' },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your answer' })).toBeNull());
  });

  it('shows no actions when none is allowed, and links the meeting page', async () => {
    await renderBooking(
      organizerBookingFixture({
        status: 3,
        respond_by: null,
        can_confirm: false,
        can_decline: false,
        can_cancel: false,
        meeting: { meet_url: 'http://web.test/meet?key=abc.def', files: [] },
      }),
    );
    expect(screen.queryByRole('heading', { name: 'Your answer' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Write the meeting details' }).getAttribute('href'),
    ).toBe('http://web.test/meet?key=abc.def');
  });
});
