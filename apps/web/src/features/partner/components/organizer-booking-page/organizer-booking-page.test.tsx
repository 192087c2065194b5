import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useApi } from '../../../../lib/api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { browserIn, hydrateForZone, withProfileZone } from '../../../../lib/testing/viewer-zone';
import { organizerBookingQuery, type OrganizerBooking } from '../../api';
import { ANSWER_TEXTS } from '../../answer';
import { areaApi } from '../../testing/area-api';
import { organizerBookingFixture } from '../../testing/request-fixture';
import { OrganizerBookingPage } from './organizer-booking-page';

function RouteStandIn({ id, arrivalOpen }: { id: number; arrivalOpen: boolean }) {
  const { data } = useQuery(organizerBookingQuery(useApi(), id));
  return data ? <OrganizerBookingPage booking={data} arrivalOpen={arrivalOpen} /> : null;
}

/**
 * The page of `booking`; the arrival page is open (`FEATURE_ARRIVAL`) unless told otherwise. With
 * `profileZone` the organizer is signed in, their settings' time zone that (null: none chosen).
 */
async function renderBooking(
  booking: OrganizerBooking,
  { arrivalOpen = true, profileZone }: { arrivalOpen?: boolean; profileZone?: string | null } = {},
) {
  const api = areaApi(booking);
  const view = await renderInApp(<RouteStandIn id={booking.id} arrivalOpen={arrivalOpen} />, {
    fetch: profileZone === undefined ? api.fetch : withProfileZone(profileZone, api.fetch),
    signedIn: profileZone !== undefined,
  });
  await screen.findByRole('heading', { level: 1, name: `Booking #${booking.id}` });
  return { ...api, unmount: view.unmount };
}

const button = (name: string) => screen.queryByRole('button', { name });

type Payment = OrganizerBooking['payments'][number];

/** A card payment that went through; override what a test is about. */
function paidPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 3,
    request_id: 4821,
    status: 2,
    amount: 2836,
    currency: 'USD',
    payment_type: 'full',
    payment_method: 'card',
    card_last4: '4242',
    paid_at: '2026-12-05T21:34:27.991Z',
    refunded: 0,
    failure_reason: null,
    ...overrides,
  };
}

/** A booking the traveller paid in full and cancelled, half of it refunded by the policy. */
const cancelledWithRefund = (overrides: Partial<OrganizerBooking> = {}) =>
  organizerBookingFixture({
    status: 5,
    respond_by: null,
    can_confirm: false,
    can_decline: false,
    price: 2836,
    paid: 2836,
    refunded: 1418,
    currency: 'USD',
    payments: [paidPayment({ refunded: 1418 })],
    meeting: { meet_url: 'http://web.test/meet?key=abc.def', files: [] },
    ...overrides,
  });

const fact = (term: string) =>
  screen.getAllByRole('term').find((dt) => dt.textContent === term)?.nextElementSibling
    ?.textContent;

describe('OrganizerBookingPage', () => {
  it('shows the riders with what the organizer needs, the contact and the comment', async () => {
    await renderBooking(organizerBookingFixture());
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Ines Moreau');
    expect(rows[1]!.textContent).toContain('35');
    expect(rows[1]!.textContent).toContain('61\u00a0kg');
    expect(rows[1]!.textContent).toContain('Vegetarian');
    expect(rows[1]!.textContent).toContain('ines@example.com');
    // Phones read as the traveller's pages write them, not as kept.
    expect(rows[1]!.textContent).toContain('+33 6 12 34 56 78');
    expect(rows[1]!.textContent).not.toContain('+33612345678');
    const contact = screen.getByRole('link', { name: '+33 6 12 34 56 78' });
    expect(contact.getAttribute('href')).toBe('tel:+33612345678');
    expect(rows[2]!.textContent).toContain('Not given');
    expect(screen.getByText('We have ridden before, but never for a week.')).toBeTruthy();
    expect(screen.getByText(/No payment yet/)).toBeTruthy();
    expect(screen.getByText(/The meeting page opens once the booking is paid/)).toBeTruthy();
  });

  it('shows what is left on the date and whether it runs, for the answer', async () => {
    const { unmount } = await renderBooking(organizerBookingFixture());
    expect(fact('Seats on this date')).toBe('5 of 12 free');
    expect(fact('The date')).toBe('Guaranteed');
    // A date without heavier horses or non-rider beds does not mention them.
    expect(fact('Heavier horses')).toBeUndefined();
    expect(fact('Non-rider beds')).toBeUndefined();
    unmount();
    await renderBooking(
      organizerBookingFixture({
        departure: {
          id: 311,
          seats: 8,
          seats_free: 6,
          heavy_places: 2,
          heavy_places_free: 0,
          non_rider_places: 4,
          non_rider_places_free: 3,
          guaranteed: false,
          min_riders: 4,
          decision_date: '2027-03-12',
          cancelled: false,
          can_decide: true,
          decision_day_passed: false,
        },
      }),
    );
    expect(fact('Heavier horses')).toBe('0 of 2 free');
    expect(fact('Non-rider beds')).toBe('3 of 4 free');
    expect(fact('The date')).toBe('Runs from 4 riders: 2 booked; you decide by 12 Mar 2027');
  });

  it('keeps each date of the range whole, so a narrow column breaks it at the dash', async () => {
    await renderBooking(organizerBookingFixture({ start: '2027-03-25', end: '2027-04-04' }));
    // No-break spaces inside each date: '25 Mar – 4 Apr' and '2027' alone on two lines before.
    expect(fact('Dates')).toBe('25\u00a0Mar – 4\u00a0Apr\u00a02027');
  });

  it('says nothing of a date for a tour on request', async () => {
    await renderBooking(organizerBookingFixture({ departure: null, start: null, end: null }));
    expect(fact('Dates')).toBe('Dates to agree');
    expect(fact('Seats on this date')).toBeUndefined();
  });

  it('offers to message the traveller in their conversation, when there is one', async () => {
    await renderBooking(organizerBookingFixture({ chat_id: 77 }));
    const link = screen.getByRole('link', {
      name: `Message ${organizerBookingFixture().contact_name}`,
    });
    expect(link.getAttribute('href')).toBe('/chat/77');
  });

  it('offers no message link to a guest booking without a conversation yet', async () => {
    await renderBooking(organizerBookingFixture({ chat_id: null }));
    expect(screen.queryByRole('link', { name: /^Message / })).toBeNull();
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
    expect(ines!.textContent).toContain('61\u00a0kg');
    expect(ines!.textContent).not.toContain('Heavier horse');
    expect(
      within(paul!).getByRole('img', { name: 'Rider level: Strong intermediate, 4 of 5' }),
    ).toBeVisible();
    expect(paul!.textContent).toContain('102\u00a0kgHeavier horse: above 95\u00a0kg');
    expect(
      screen.getByText('1 heavier-horse place is held for this booking (a rider above 95 kg).'),
    ).toBeTruthy();
  });

  it('shows each rider’s level, usual tack, hours a day, weight and fit for the tour', async () => {
    const booking = organizerBookingFixture();
    const [ines, paul] = booking.tourists;
    // The tour: intermediate riders, English tack, 6 h on the longest day, horses to 95 kg.
    await renderBooking(
      organizerBookingFixture({
        seats: 4,
        non_riders: 1,
        tourists: [
          { ...ines!, tack: 'western', hours_per_day: 4 },
          { ...paul!, level: 'beginner', tack: 'other', hours_per_day: 2, weight: 80 },
          {
            ...paul!,
            id: 3,
            full_name: 'Lea Moreau',
            first_name: 'Lea',
            level: 'advanced',
            tack: 'english',
            hours_per_day: 8,
            weight: 58,
          },
          { ...paul!, id: 4, full_name: 'Tom Moreau', first_name: 'Tom' },
          {
            ...paul!,
            id: 5,
            full_name: 'Sami Moreau',
            first_name: 'Sami',
            rides: false,
            tack: null,
            hours_per_day: null,
          },
        ],
      }),
    );
    const table = screen.getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.slice(3, 8)).toEqual([
      'Level',
      'Usual tack',
      'Hours a day',
      'Weight',
      'Fit for this tour',
    ]);
    const [, inesRow, paulRow, leaRow, tomRow, samiRow] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // Two stretches: the longest day first, as `matchRider` orders its reasons, named by rider.
    expect(cells(inesRow).slice(3, 7)).toEqual([
      'Western',
      '4 h',
      '61\u00a0kg',
      'A stretch: Up to 6 h in the saddle a day; Ines is used to 4 h',
    ]);
    expect(within(inesRow!).getByText('A stretch').closest('[data-verdict]')).toHaveAttribute(
      'data-verdict',
      'stretch',
    );
    // The worst reason shows: a level two steps short before the other tack.
    expect(cells(paulRow).slice(3, 7)).toEqual([
      'Other',
      '2 h',
      '80\u00a0kg',
      'Not suitable: For intermediate riders; Paul rides at beginner level',
    ]);
    expect(cells(leaRow).slice(3, 7)).toEqual(['English', '8 h', '58\u00a0kg', 'Fits']);
    // Nothing given to match on: no verdict made up.
    expect(cells(tomRow).slice(2, 7)).toEqual([
      'Not given',
      'Not given',
      'Not given',
      'Not given',
      'Not given',
    ]);
    // A companion takes no horse: one cell across the five.
    expect(within(samiRow!).getAllByRole('cell')[2]).toHaveTextContent('No horse');
    expect(within(samiRow!).getAllByRole('cell')[2]).toHaveAttribute('colspan', '5');
  });

  it('writes the limit in pounds as the most a rider may type within it', async () => {
    const booking = organizerBookingFixture();
    // Typed as 243 lb, kept as 110.2 kg: above a 110 kg limit, which is 242.5 lb.
    const heavy = { ...booking.tourists[1]!, weight: 110.2 };
    const api = areaApi(
      organizerBookingFixture({
        heavy_places: 1,
        max_rider_weight_kg: 110,
        tourists: [booking.tourists[0]!, heavy],
      }),
    );
    await renderInApp(<RouteStandIn id={booking.id} arrivalOpen />, {
      fetch: api.fetch,
      visitor: { weightUnit: 'lb' },
    });
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const [, , rider] = within(table).getAllByRole('row');
    expect(rider!.textContent).toContain('243\u00a0lbHeavier horse: above 242\u00a0lb');
    expect(
      screen.getByText('1 heavier-horse place is held for this booking (a rider above 242 lb).'),
    ).toBeTruthy();
  });

  it('says heavier-horse places are held only while the booking goes ahead', async () => {
    const held = '1 heavier-horse place is held for this booking (a rider above 95 kg).';
    for (const status of [2, 3] as const) {
      const { unmount } = await renderBooking(organizerBookingFixture({ status, heavy_places: 1 }));
      expect(screen.getByText(held)).toBeInTheDocument();
      unmount();
    }
    for (const status of [4, 5, 6, 7, 8] as const) {
      const { unmount } = await renderBooking(organizerBookingFixture({ status, heavy_places: 1 }));
      expect(screen.queryByText(/heavier-horse place/)).toBeNull();
      unmount();
    }
  });

  it('shows what was refunded to the traveller and what the organizer keeps', async () => {
    await renderBooking(cancelledWithRefund());
    expect(fact('Paid')).toBe('US$2,836');
    expect(fact('Refunded')).toBe('US$1,418');
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText(/^US\$2,836 · Paid/)).toBeInTheDocument();
    expect(
      within(payments).getByText('Refunded US$1,418 to the traveller’s card.'),
    ).toBeInTheDocument();
    expect(
      within(payments).getByText('You keep US$1,418 of the US$2,836 paid.'),
    ).toBeInTheDocument();
  });

  it('keeps nothing of a booking refunded in full', async () => {
    await renderBooking(cancelledWithRefund({ status: 6, refunded: 2836 }));
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Refunded US$2,836 to the traveller’s card.')).toBeVisible();
    expect(within(payments).getByText('You keep nothing of the US$2,836 paid.')).toBeVisible();
  });

  it('counts a payment beyond what was due, given back at once, as received and refunded', async () => {
    await renderBooking(
      organizerBookingFixture({
        status: 3,
        can_confirm: false,
        can_decline: false,
        can_cancel: true,
        paid: 1840,
        refunded: 500,
        currency: 'EUR',
        payments: [
          paidPayment({ id: 1, amount: 1840, currency: 'EUR', payment_method: 'sbp' }),
          paidPayment({ id: 2, amount: 500, currency: 'EUR', refunded: 500 }),
        ],
      }),
    );
    // Gallop counts the price paid: the €500 given back was never part of `paid`.
    expect(fact('Status')).toBe('Paid in full');
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Refunded €500 to the traveller.')).toBeVisible();
    expect(within(payments).getByText('You keep €1,840 of the €2,340 paid.')).toBeVisible();
  });

  it('names why a payment took no money: declined, abandoned, or closed by Gallop', async () => {
    const unpaid = { status: 3 as const, paid_at: null, card_last4: null };
    await renderBooking(
      organizerBookingFixture({
        payments: [
          paidPayment({ id: 1, ...unpaid, failure_reason: 'declined' }),
          paidPayment({ id: 2, ...unpaid, failure_reason: 'canceled' }),
          paidPayment({ id: 3, ...unpaid, failure_reason: 'voided' }),
          paidPayment({ id: 4 }),
        ],
      }),
    );
    const lines = within(screen.getByRole('region', { name: 'Payments' }))
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toEqual([
      'US$2,836 · Declined by the card’s bank',
      'US$2,836 · Abandoned on the payment page',
      'US$2,836 · Closed unpaid',
      'US$2,836 · Paid · 5 Dec 2026 · card ending\u00a04242',
    ]);
  });

  it('says why a booking ended: a guest who never proved their e-mail, the organizer’s cancel of a date', async () => {
    const ended = {
      respond_by: null,
      can_confirm: false,
      can_decline: false,
      left_to_pay: 0,
    } as const;
    const { unmount } = await renderBooking(
      organizerBookingFixture({
        ...ended,
        status: 7,
        cancel_message: 'The e-mail address was not confirmed in time',
      }),
    );
    expect(fact('Status')).toBe('Released: the traveller did not confirm their e-mail in time');
    // Said once: the status already gives the reason.
    expect(screen.queryByText(/Why it was cancelled/)).toBeNull();
    unmount();
    await renderBooking(
      organizerBookingFixture({
        ...ended,
        status: 6,
        decline_reason: 'Not enough horses fit after a vet check',
        cancel_message: 'Not enough horses fit after a vet check',
        departure: { ...organizerBookingFixture().departure!, cancelled: true },
      }),
    );
    expect(fact('Status')).toBe('Declined by you; the date is cancelled');
    expect(fact('The date')).toBe('Cancelled');
  });

  it('says nothing of refunds when there is none', async () => {
    await renderBooking(
      organizerBookingFixture({
        status: 3,
        paid: 2836,
        currency: 'USD',
        payments: [paidPayment()],
      }),
    );
    expect(fact('Refunded')).toBeUndefined();
    expect(screen.queryByText(/Refunded|You keep/)).toBeNull();
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

  it('lets a keyboard scroll the riders’ table: a named region that takes the focus', async () => {
    await renderBooking(organizerBookingFixture());
    const region = screen.getByRole('region', { name: 'Riders table' });
    expect(region).toHaveClass('organizer-booking__scroll');
    expect(region.tabIndex).toBe(0);
    expect(region).toContainElement(screen.getByRole('table'));
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
    await waitFor(() => expect(screen.getByText('Confirmed, waiting for payment')).toBeTruthy());
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

  it('sends its cancel with one Idempotency-Key, the same again when retried after no answer', async () => {
    const booking = organizerBookingFixture({
      status: 2,
      respond_by: null,
      can_confirm: false,
      can_decline: false,
      can_cancel: true,
    });
    const api = areaApi(booking);
    // The first cancel gets no answer (the network dropped): the organizer sends it again.
    let dropped = false;
    const keys: Array<string | null> = [];
    const fetch = async (request: Request): Promise<Response> => {
      if (request.method === 'POST') {
        keys.push(request.headers.get('Idempotency-Key'));
        if (!dropped) {
          dropped = true;
          throw new TypeError('fetch failed');
        }
      }
      return api.fetch(request);
    };
    await renderInApp(<RouteStandIn id={booking.id} arrivalOpen />, { fetch });
    await screen.findByRole('heading', { level: 1, name: `Booking #${booking.id}` });
    fireEvent.click(button('Cancel booking')!);
    fireEvent.change(screen.getByLabelText('Reason for the traveller'), {
      target: { value: 'A storm closed the trail' },
    });
    fireEvent.click(button('Cancel booking')!);
    fireEvent.click((await screen.findByRole('button', { name: 'Yes, cancel the booking' }))!);
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() =>
      expect(button('Yes, cancel the booking')?.hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(button('Yes, cancel the booking')!);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[\x21-\x7e]{8,255}$/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your answer' })).toBeNull());
  });

  it('says in the cancel question that everything paid goes back to the traveller', async () => {
    await renderBooking(
      organizerBookingFixture({
        status: 3,
        respond_by: null,
        can_confirm: false,
        can_decline: false,
        can_cancel: true,
        paid: 1693,
        currency: 'USD',
      }),
    );
    fireEvent.click(button('Cancel booking')!);
    fireEvent.change(screen.getByLabelText('Reason for the traveller'), {
      target: { value: 'A storm closed the trail' },
    });
    fireEvent.click(button('Cancel booking')!);
    expect(
      await screen.findByText(
        'Cancel booking #4821? The traveller is told, the seats are released, and all US$1,693 paid is refunded to them: you keep nothing of it.',
      ),
    ).toBeTruthy();
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

  it('offers no meeting page once the booking has ended, and keeps what was sent', async () => {
    for (const status of [5, 6, 7, 8] as const) {
      const { unmount } = await renderBooking(cancelledWithRefund({ status }));
      const meeting = screen.getByRole('region', { name: 'Meeting details' });
      expect(within(meeting).queryByRole('link')).toBeNull();
      expect(within(meeting).queryByText(/You have not sent/)).toBeNull();
      expect(
        within(meeting).getByText('This booking has ended, so its meeting page is closed.'),
      ).toBeVisible();
      unmount();
    }
    await renderBooking(
      cancelledWithRefund({
        status: 4,
        meeting: { meet_url: 'http://web.test/meet?key=abc.def', text: 'Gate 3, 9:00', files: [] },
      }),
    );
    const meeting = screen.getByRole('region', { name: 'Meeting details' });
    expect(within(meeting).getByText('Gate 3, 9:00')).toBeVisible();
    expect(within(meeting).queryByRole('link')).toBeNull();
    expect(within(meeting).getByText('The tour is complete.')).toBeVisible();
  });

  it('says the meeting page opens on payment only while the booking goes ahead', async () => {
    await renderBooking(
      cancelledWithRefund({ status: 7, paid: 0, refunded: 0, meeting: undefined }),
    );
    expect(screen.queryByText(/The meeting page opens once the booking is paid/)).toBeNull();
    expect(
      screen.getByText('This booking has ended, so its meeting page is closed.'),
    ).toBeVisible();
  });

  it('links the meeting page of a confirmed booking that has it', async () => {
    await renderBooking(
      organizerBookingFixture({
        status: 2,
        can_confirm: false,
        can_decline: false,
        can_cancel: true,
        meeting: { meet_url: 'http://web.test/meet?key=abc.def', text: 'Gate 3', files: [] },
      }),
    );
    expect(screen.getByRole('link', { name: 'Edit the meeting details' })).toBeVisible();
  });
});

describe('OrganizerBookingPage: the riders as cards on a narrow screen', () => {
  // The stylesheet shows the cards or the table by the riders' area's width (a container query
  // happy-dom does not apply; the Chromium screenshots check the switch): these read the cards.
  const cards = () =>
    within(screen.getByRole('list', { name: /^Riders/ })).getAllByRole('listitem');
  /** A card's facts, term by term: what the definition list says. */
  const facts = (card: HTMLElement) =>
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

  /** Ines and Paul, the fixture's riders, and Sami, who comes along without riding. */
  function withCompanion() {
    const [ines, paul] = organizerBookingFixture().tourists;
    return organizerBookingFixture({
      seats: 2,
      non_riders: 1,
      heavy_places: 1,
      max_rider_weight_kg: 95,
      tourists: [
        { ...ines!, tack: 'western', hours_per_day: 4 },
        { ...paul!, weight: 102, level: 'strong-intermediate', tack: 'english', hours_per_day: 6 },
        {
          ...paul!,
          id: 5,
          full_name: 'Sami Moreau',
          first_name: 'Sami',
          rides: false,
          level: null,
          tack: null,
          hours_per_day: null,
          weight: null,
          food_restriction: 'No nuts',
        },
      ],
    });
  }

  it('gives each rider a card in a list, the name its heading, the facts a definition list', async () => {
    await renderBooking(withCompanion());
    const [ines] = cards();
    expect(within(ines!).getByRole('heading', { level: 3 })).toHaveTextContent('Ines Moreau');
    expect(facts(ines!)).toEqual([
      ['Rides', 'Yes'],
      ['Age', '35'],
      ['Level', 'Intermediate'],
      ['Usual tack', 'Western'],
      ['Hours a day', '4 h'],
      ['Weight', '61\u00a0kg'],
      ['Fit for this tour', 'A stretch: Up to 6 h in the saddle a day; Ines is used to 4 h'],
      ['Food restriction', 'Vegetarian'],
      ['E-mail', 'ines@example.com'],
      ['Phone', '+33 6 12 34 56 78'],
    ]);
    expect(
      within(ines!).getByRole('img', { name: 'Rider level: Intermediate, 3 of 5' }),
    ).toBeVisible();
    // The fit and its reason take the card's width.
    const fit = within(ines!).getByText('A stretch').closest('[data-verdict]')!;
    expect(fit).toHaveAttribute('data-verdict', 'stretch');
    expect(fit.closest('div:not([data-verdict])')).toHaveClass(
      'organizer-booking__card-fact--wide',
    );
  });

  it('keeps the heavier-horse note on the card of the rider who takes one', async () => {
    await renderBooking(withCompanion());
    const [ines, paul] = cards();
    expect(within(paul!).getByRole('heading', { level: 3 })).toHaveTextContent('Paul Moreau');
    expect(Object.fromEntries(facts(paul!))['Weight']).toBe(
      '102\u00a0kgHeavier horse: above 95\u00a0kg',
    );
    expect(Object.fromEntries(facts(ines!))['Weight']).toBe('61\u00a0kg');
  });

  it('says "No horse" once on a companion’s card, instead of the riding facts', async () => {
    await renderBooking(withCompanion());
    const sami = cards()[2]!;
    expect(within(sami).getByRole('heading', { level: 3 })).toHaveTextContent('Sami Moreau');
    expect(facts(sami)).toEqual([
      ['Rides', 'No: comes along'],
      ['Age', 'Not given'],
      ['Horse', 'No horse'],
      ['Food restriction', 'No nuts'],
      ['E-mail', 'Not given'],
      ['Phone', 'Not given'],
    ]);
    expect(within(sami).getAllByText(/No horse/)).toHaveLength(1);
  });

  it('wraps a long e-mail before its "@" and keeps a phone on one line, in the table and the cards', async () => {
    // At 1440 px a 62-character address made the table 1,326 px in its 1,200 and scroll, and a
    // phone broke into four lines (e2e/organizer-riders-table.spec.ts measures the layout).
    const booking = withCompanion();
    const email = 'maximilianavandenberghe.oosterhuisriding@examplelongdomain.com';
    booking.tourists[0]!.email = email;
    await renderBooking(booking);
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('cell');
    const mailCell = cells.find((cell) => cell.textContent === email)!;
    expect(mailCell).toHaveClass('organizer-booking__cell--wrap-email');
    // A break opportunity at the dot of the name and before the "@", the domain whole.
    expect(mailCell.innerHTML).toBe(
      'maximilianavandenberghe<wbr>.oosterhuisriding<wbr>@examplelongdomain.com',
    );
    expect(cells.find((cell) => cell.textContent === 'Vegetarian')).toHaveClass(
      'organizer-booking__cell--wrap-text',
    );
    expect(cells.find((cell) => cell.textContent === '+33 6 12 34 56 78')).toHaveClass(
      'organizer-booking__cell--wrap-never',
    );
    // The card reads the same address, whole, across the card's width.
    expect(Object.fromEntries(facts(cards()[0]!))['E-mail']).toBe(email);
    expect(within(cards()[0]!).getByText('E-mail').parentElement).toHaveClass(
      'organizer-booking__card-fact--wide',
    );
  });

  it('says in the cards what the table says, a card a row, from the one row model', async () => {
    await renderBooking(withCompanion());
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(cards()).toHaveLength(rows.length);
    cards().forEach((card, index) => {
      const row = rows[index]!;
      expect(within(card).getByRole('heading').textContent).toBe(
        within(row).getByRole('rowheader').textContent,
      );
      expect(facts(card).map(([, value]) => value)).toEqual(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    });
  });
});

describe('OrganizerBookingPage: what is left to pay', () => {
  const today = new Date().toISOString().slice(0, 10);
  const dayFrom = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const confirmed = {
    status: 2,
    respond_by: null,
    can_confirm: false,
    can_decline: false,
    can_cancel: true,
  } as const;
  afterEach(() => vi.restoreAllMocks());

  it('names the hold of a confirmed, unpaid booking and the balance day after the prepayment', async () => {
    browserIn('Europe/Madrid');
    await renderBooking(
      organizerBookingFixture({
        ...confirmed,
        price: 3014,
        prepayment: 600,
        currency: 'USD',
        left_to_pay: 3014,
        hold_until: '2026-12-09T06:25:00.000Z',
        balance_due_by: '2099-12-14',
      }),
    );
    expect(fact('Left to pay')).toBe('US$3,014');
    // The moment the traveller reads (in the device's zone, named: nobody is signed in), and
    // what happens then.
    expect(fact('Seats held until')).toBe(
      '07:25 CET, 9 Dec 2026: unpaid by then, the booking is released',
    );
    expect(screen.getByTestId('balance-due').textContent).toBe(
      'After the prepayment, the rest, US$2,414, is due by 14 Dec 2099. We remind the traveller by e-mail 7 and 2 days before.',
    );
    // Confirmed: no answer deadline any more.
    expect(fact('Deadline')).toBeUndefined();
  });

  it('shows the rest a rider added to a paid booking made due now', async () => {
    await renderBooking(
      organizerBookingFixture({
        ...confirmed,
        status: 3,
        price: 3014,
        paid: 2329,
        currency: 'USD',
        left_to_pay: 685,
        balance_due_by: today,
      }),
    );
    expect(fact('Price')).toBe('US$3,014');
    expect(fact('Paid')).toBe('US$2,329');
    expect(fact('Left to pay')).toBe('US$685');
    expect(fact('Seats held until')).toBeUndefined();
    expect(screen.getByTestId('balance-due').textContent).toBe('The rest, US$685, is due now.');
  });

  it('marks a rest not paid by its day as late, and says after the start Gallop no longer collects it', async () => {
    const late = organizerBookingFixture({
      ...confirmed,
      status: 3,
      price: 3014,
      paid: 2329,
      currency: 'USD',
      left_to_pay: 685,
      balance_due_by: '2026-11-14',
      balance_overdue: true,
      start: dayFrom(5),
    });
    const { unmount } = await renderBooking(late);
    const due = screen.getByTestId('balance-due');
    expect(due.textContent).toBe('The rest, US$685, was due by 14 Nov 2026 and is not paid.');
    expect(due.className).toContain('organizer-booking__late');
    unmount();

    await renderBooking({ ...late, status: 4, can_cancel: false, start: dayFrom(-8) });
    expect(screen.getByTestId('balance-due').textContent).toBe(
      'The rest, US$685, was due by 14 Nov 2026 and is not paid. The tour has started, so it can no longer be paid on Gallop: settle it with the traveller directly.',
    );
  });

  it('says nothing is left once all is paid, nor for a booking that ended', async () => {
    for (const booking of [
      organizerBookingFixture({ ...confirmed, status: 3, paid: 1840, left_to_pay: 0 }),
      cancelledWithRefund({ left_to_pay: 0 }),
    ]) {
      const { unmount } = await renderBooking(booking);
      expect(fact('Left to pay')).toBeUndefined();
      expect(screen.queryByTestId('balance-due')).toBeNull();
      unmount();
    }
  });
});

describe('OrganizerBookingPage: the deadlines’ time zone (decision 191)', () => {
  // The answer deadline, 14:30 UTC on 2 Jun 2026: 10:30 in New York, 23:30 in Tokyo.
  const waiting = organizerBookingFixture();
  // A confirmed booking's hold, 06:25 UTC on 9 Dec 2026: 01:25 in New York, 15:25 in Tokyo.
  const held = organizerBookingFixture({
    status: 2,
    respond_by: null,
    can_confirm: false,
    can_decline: false,
    hold_until: '2026-12-09T06:25:00.000Z',
  });
  afterEach(() => vi.restoreAllMocks());

  it('writes the answer deadline and the hold in the zone of the organizer’s settings, named', async () => {
    browserIn('Asia/Tokyo');
    const { unmount } = await renderBooking(waiting, { profileZone: 'America/New_York' });
    await waitFor(() => expect(fact('Deadline')).toBe('Answer by 10:30 EDT, 2 Jun 2026'));
    unmount();
    await renderBooking(held, { profileZone: 'America/New_York' });
    await waitFor(() =>
      expect(fact('Seats held until')).toBe(
        '01:25 EST, 9 Dec 2026: unpaid by then, the booking is released',
      ),
    );
  });

  it('writes them in the device’s zone when the settings have none', async () => {
    browserIn('Asia/Tokyo');
    await renderBooking(waiting, { profileZone: null });
    await waitFor(() => expect(fact('Deadline')).toBe('Answer by 23:30 GMT+9, 2 Jun 2026'));
  });

  it('hydrates the server’s page with no mismatch, in the settings’ zone from the first HTML', async () => {
    browserIn('Asia/Tokyo');
    const { serverHtml, mismatches } = await hydrateForZone(
      <OrganizerBookingPage booking={waiting} arrivalOpen />,
      'America/New_York',
      areaApi(waiting).fetch,
    );
    expect(serverHtml).toContain('Answer by <!-- -->10:30 EDT, 2 Jun 2026');
    expect(fact('Deadline')).toBe('Answer by 10:30 EDT, 2 Jun 2026');
    expect(mismatches).toEqual([]);
  });
});

describe('OrganizerBookingPage: arrival details', () => {
  const section = () => screen.queryByRole('region', { name: 'Arrival and departure' });

  it('waits for them while travellers can give them', async () => {
    await renderBooking(organizerBookingFixture());
    expect(
      within(section()!).getByText('The traveller has not given their arrival details yet.'),
    ).toBeVisible();
  });

  it('does not mention them while the arrival page is off', async () => {
    await renderBooking(organizerBookingFixture(), { arrivalOpen: false });
    expect(section()).toBeNull();
    expect(screen.queryByText(/arrival/i)).toBeNull();
  });

  it('still shows details given, the page off or not', async () => {
    await renderBooking(
      organizerBookingFixture({
        arrival: {
          request_id: 4821,
          tourists: [
            {
              tourist_id: 1,
              name: 'Ines Moreau',
              arrival: {
                transport_type: 1,
                airport_name: 'Gorno-Altaysk',
                flight_number: 'S7 2519',
              },
            },
          ],
        },
      }),
      { arrivalOpen: false },
    );
    expect(within(section()!).getByText(/Gorno-Altaysk/)).toBeVisible();
  });
});

describe('OrganizerBookingPage: who travels', () => {
  it('counts riders and non-riders apart, as the traveller’s page does', async () => {
    const booking = organizerBookingFixture();
    const rider = booking.tourists[0]!;
    await renderBooking(
      organizerBookingFixture({
        seats: 4,
        non_riders: 1,
        tourists: [
          ...[1, 2, 3, 4].map((id) => ({ ...rider, id, rides: true })),
          { ...rider, id: 5, full_name: 'Sami Moreau', rides: false, weight: null },
        ],
      }),
    );
    expect(fact('Travellers')).toBe('4 riders, 1 non-rider');
    expect(fact('Riders')).toBeUndefined();
  });
});

describe('OrganizerBookingPage layout', () => {
  // happy-dom applies the page's stylesheets and their media queries but lays nothing out: these
  // read the grid the page asks for at a width (the browser check measures the result).
  const here = dirname(fileURLToPath(import.meta.url));
  const stylesheets = ['../answer-page/answer-page.css', 'organizer-booking-page.css']
    .map((file) => readFileSync(join(here, file), 'utf8'))
    .join('\n');
  const happyDom = (window as unknown as { happyDOM: { setViewport(size: object): void } })
    .happyDOM;
  let style: HTMLStyleElement | undefined;

  afterEach(() => {
    style?.remove();
    happyDom.setViewport({ width: 1024, height: 768 });
  });

  async function gridAt(width: number) {
    happyDom.setViewport({ width, height: 900 });
    style = document.head.appendChild(document.createElement('style'));
    style.textContent = stylesheets;
    await renderBooking(cancelledWithRefund());
    const layout = getComputedStyle(document.querySelector('.answer-layout')!);
    const rows = [...layout.gridTemplateAreas.matchAll(/'([^']*)'|"([^"]*)"/g)].map((match) =>
      (match[1] ?? match[2]!).trim().split(/\s+/),
    );
    return { columns: layout.gridTemplateColumns, rows };
  }

  // The riders' area shows its cards instead below 1064 px (a container query, which happy-dom
  // does not apply): the table's box, where it shows, still scrolls on its own.
  it('keeps a phone’s page one column wide, the riders’ table scrolling in its own box', async () => {
    const { columns, rows } = await gridAt(390);
    // `minmax(0, 1fr)`: the table's width cannot stretch the column past the screen.
    expect(columns).toBe('minmax(0, 1fr)');
    expect(rows).toEqual([['summary'], ['panel'], ['riders']]);
    const scroll = screen.getByRole('table').parentElement!;
    expect(getComputedStyle(scroll).overflowX).toBe('auto');
  });

  it('shows the focus on the riders’ table box, which a keyboard focuses to scroll it', () => {
    // happy-dom does not restyle on a focus: the stylesheet's own rule is read.
    const sheet = document.head.appendChild(document.createElement('style'));
    sheet.textContent = stylesheets;
    const focusRule = [...sheet.sheet!.cssRules].find(
      (rule): rule is CSSStyleRule =>
        rule instanceof CSSStyleRule &&
        rule.selectorText === '.organizer-booking__scroll:focus-visible',
    );
    sheet.remove();
    expect(focusRule?.style.getPropertyValue('outline')).toBe('var(--gk-focus-outline)');
  });

  it('shows the riders’ cards instead of their table where the area is narrower than the table', () => {
    // happy-dom does not apply container queries: the stylesheet's own rule is read (the
    // Chromium screenshots check the switch at 390 and 1440 px).
    const sheet = document.head.appendChild(document.createElement('style'));
    sheet.textContent = stylesheets;
    const rules = [...sheet.sheet!.cssRules];
    sheet.remove();
    const area = rules.find(
      (rule): rule is CSSStyleRule =>
        rule instanceof CSSStyleRule && rule.selectorText === '.organizer-booking__riders',
    );
    expect(area?.style.getPropertyValue('container')).toBe('riders / inline-size');
    const narrow = rules.find((rule) =>
      rule.cssText.startsWith('@container riders (width < 1064px)'),
    );
    expect(narrow?.cssText.replace(/\s+/g, ' ')).toContain(
      '.organizer-booking__scroll { display: none; } .organizer-booking__cards { display: grid; }',
    );
  });

  it('gives the riders the full width on a desktop, the answer beside the summary', async () => {
    const { rows } = await gridAt(1440);
    expect(rows[0]).toEqual(['summary', 'panel']);
    const riders = rows.find((row) => row.includes('riders'));
    expect(riders).toEqual(['riders', 'riders']);
  });
});
