import type { components } from '@gallop/api-client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, ridingBrief, tourSummary } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { browserIn, hydrateForZone, withProfileZone } from '../../../../lib/testing/viewer-zone';
import { rememberContactEmail } from '../../contact-email';
import { BookingPage } from './booking-page';

type BookingRequest = components['schemas']['BookingRequest'];
type TourDate = components['schemas']['TourDate'];

/** The booked date, as the booking's answer carries it. */
const tourDate = (overrides: Partial<TourDate>): TourDate => ({
  id: 5,
  tour_id: 99,
  start: '2027-03-14',
  end: '2027-03-20',
  duration: 7,
  currency: 'EUR',
  price: 1200,
  ...overrides,
});

/** A booking ended by its organizer (status 6), on a date as given. */
function ended(overrides: Partial<BookingRequest>): BookingRequest {
  return {
    id: 9,
    uuid: '6f1c2d7e-3b4a-4c5d-8e9f-a0b1c2d3e4f5',
    status: 6,
    tour: tourSummary(),
    tourists: [{ id: 1, full_name: 'Katrin Weber' }],
    price: 1200,
    prepayment: 300,
    non_riders: 0,
    non_rider_price: null,
    paid: 0,
    refunded: 0,
    currency: 'EUR',
    created_at: '2026-12-06T09:00:00Z',
    can_pay: false,
    can_cancel: false,
    ...overrides,
  } as BookingRequest;
}

async function lead(booking: BookingRequest) {
  await renderInApp(<BookingPage booking={booking} user={undefined} />, {
    fetch: createFakeApi({}).fetch,
  });
  await screen.findByRole('heading', { name: `Booking #${booking.id}` });
  // The text under the heading: what this booking's status means.
  return document.querySelector('.booking-lead')?.textContent;
}

describe('the booking page of a booking ended with its date (decision 148)', () => {
  it('says the organizer cancelled the date, under "Cancelled by the organizer", not a decline', async () => {
    const text = await lead(
      ended({
        decline_reason: 'The guides are not available',
        cancel_reason: 'The guides are not available',
        tour_date: tourDate({ id: 5, is_busy: true, cancelled: true, not_guaranteed: true }),
      }),
    );
    expect(screen.getByText('Cancelled by the organizer')).toBeInTheDocument();
    expect(text).toBe(
      'The organizer cancelled this date: the ride does not run, so this booking is cancelled. Nothing was paid, so nothing is due. You are welcome to choose another date or tour.',
    );
    expect(screen.queryByText(/declined this request/u)).toBeNull();
  });

  it('says everything paid is refunded for a paid booking on the cancelled date', async () => {
    const text = await lead(
      ended({
        paid: 300,
        refunded: 300,
        cancel_reason: 'The guides are not available',
        tour_date: tourDate({ id: 5, is_busy: true, cancelled: true }),
      }),
    );
    expect(text).toBe(
      'The organizer cancelled this date: the ride does not run, so this booking is cancelled. Everything you paid is refunded to your card. You are welcome to choose another date or tour.',
    );
  });

  it('says a request released with its date was not confirmed in time', async () => {
    const text = await lead(
      ended({
        status: 7,
        cancel_reason: 'The organizer did not confirm the date by 21 February 2027',
        tour_date: tourDate({ id: 5, is_busy: true, cancelled: true, not_guaranteed: true }),
      }),
    );
    expect(text).toBe(
      'This date was cancelled: the organizer did not confirm it in time, so the ride does not run and this booking is cancelled. Nothing was paid, so nothing is due. You are welcome to choose another date or tour.',
    );
  });

  it('still names a request declined on a date that runs as declined', async () => {
    const text = await lead(
      ended({
        decline_reason: 'Full',
        cancel_reason: 'Full',
        tour_date: tourDate({ id: 5, cancelled: false }),
      }),
    );
    expect(text).toBe(
      'The organizer declined this request, so nothing is due. You are welcome to choose another date or tour.',
    );
  });
});

describe('the pay page of a booking', () => {
  const signedIn = { id: 3, email: 'katrin@example.com' } as components['schemas']['UserProfile'];
  const payPage = async (booking: BookingRequest) => {
    await renderInApp(<BookingPage booking={booking} focus="pay" user={signedIn} />, {
      fetch: createFakeApi({}).fetch,
    });
    return screen.findByRole('heading', { level: 1 });
  };

  it('is headed as paying for an open booking', async () => {
    const heading = await payPage(ended({ status: 2, can_pay: true, can_cancel: true }));
    expect(heading).toHaveTextContent('Pay for booking #9');
  });

  it('is headed as the booking once it is cancelled, with nothing to pay', async () => {
    const heading = await payPage(ended({ status: 5 }));
    expect(heading).toHaveTextContent(/^Booking #9$/u);
    expect(screen.getByText('Cancelled by you')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/u })).toBeNull();
  });
});

describe('the booking page per reader (decision 137)', () => {
  const signedIn = { id: 3, email: 'katrin@example.com' } as components['schemas']['UserProfile'];
  const rider = (id: number, can_delete: boolean, weight: number | null) => ({
    id,
    first_name: id === 1 ? 'Katrin' : 'Jonas',
    last_name: 'Weber',
    full_name: id === 1 ? 'Katrin Weber' : 'Jonas Weber',
    weight,
    can_edit: true,
    can_delete,
  });
  /** A confirmed, unpaid booking of two riders, as the API answers `reader`. */
  const confirmed = (reader: 'traveller' | 'link') =>
    ended({
      status: 2,
      reader,
      can_pay: reader === 'traveller',
      can_cancel: reader === 'traveller',
      balance_due_by: '2027-02-12',
      tour_date: tourDate({ id: 5 }),
      tourists: [
        rider(1, false, reader === 'traveller' ? 64 : null),
        rider(2, reader === 'traveller', reader === 'traveller' ? 80 : null),
      ],
    });
  const open = async (booking: BookingRequest, { signedOut = false } = {}) => {
    const user = signedOut ? undefined : signedIn;
    await renderInApp(<BookingPage booking={booking} user={user} />, {
      fetch: createFakeApi({}).fetch,
      signedIn: user !== undefined,
    });
    await screen.findByRole('heading', { name: 'Booking #9' });
  };

  it('offers the owner paying, cancelling, editing, removing and adding riders', async () => {
    await open(confirmed('traveller'));
    expect(screen.getByRole('button', { name: /^Pay the prepayment/u })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay in full/u })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Jonas Weber' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Jonas Weber' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a rider' })).toBeInTheDocument();
    expect(screen.queryByTestId('link-reader')).toBeNull();
  });

  it('sets its lone ghost buttons on the text edge (measured 21 and 13 px right of it)', async () => {
    await open(confirmed('traveller'));
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toHaveClass(
      'gk-button--flush-start',
    );
    expect(screen.getByRole('link', { name: /^Download (receipt|booking summary)/u })).toHaveClass(
      'gk-button--flush-start',
    );
  });

  it('opens the cancel question on "Keep it", so an Enter at once cancels nothing', async () => {
    await open(confirmed('traveller'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this booking?' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus(),
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).not.toHaveFocus();
  });

  it('offers no way to add a rider on a date with no seat left', async () => {
    const full = tourDate({ id: 5, number_of_free_seats: 0 });
    await open({ ...confirmed('traveller'), tour_date: full });
    expect(screen.getByRole('button', { name: 'Edit Jonas Weber' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a rider' })).toBeNull();
    expect(screen.queryByRole('link', { name: /add-tourists/u })).toBeNull();
  });

  it('offers a companion instead where the full date has a bed left at the booking’s price', async () => {
    const family = {
      ...confirmed('traveller'),
      tour: tourSummary({ riding: ridingBrief({ non_riders_welcome: true }) }),
      non_rider_price: 400,
      tour_date: tourDate({
        id: 5,
        number_of_free_seats: 0,
        non_rider_price: 400,
        non_rider_places_free: 1,
      }),
    };
    await open(family);
    expect(screen.queryByRole('link', { name: 'Add a rider' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Add someone who comes along without riding' }),
    ).toHaveProperty('pathname', '/order/9/add-tourists');
  });

  it('offers another account holding the link only editing the riders’ details', async () => {
    await open(confirmed('link'));
    expect(screen.queryByRole('button', { name: /^Pay/u })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove /u })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a rider' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Jonas Weber' })).toBeInTheDocument();
    expect(screen.getByTestId('link-reader')).toHaveTextContent(
      'This booking was made with another account.',
    );
    // The time to pay is the owner's: not said to have passed.
    expect(document.querySelector('.booking-lead')?.textContent).toBe(
      'Your seats are held for a limited time: pay to secure them.',
    );
  });

  it('offers a visitor signed out with the link editing the riders’ details, and asks them to sign in to pay', async () => {
    await open(confirmed('link'), { signedOut: true });
    expect(screen.getByRole('link', { name: 'Sign in' }).parentElement).toHaveTextContent(
      'with the e-mail you booked with to pay',
    );
    expect(screen.getByRole('button', { name: 'Edit Katrin Weber' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Jonas Weber' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Pay|Remove|Cancel)/u })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a rider' })).toBeNull();
    expect(screen.getByTestId('link-reader')).toHaveTextContent(
      'You opened this booking by its link.',
    );
  });

  it('tells a signed-in reader of their own booking made signed out that confirming the e-mail makes it theirs', async () => {
    // The probe: booked signed out in this tab with the account's e-mail, then signed in. (A
    // uuid of its own: the tab's storage keeps what a test remembers.)
    const guest = {
      ...confirmed('link'),
      uuid: '0456e213-0125-404c-b305-9e8919bd0ef0',
      email_proof_required: true,
    };
    rememberContactEmail(guest.uuid, 'Katrin@Example.com');
    await open(guest);
    const note = await screen.findByText(/^You booked this signed out/u);
    expect(note).toHaveTextContent(
      "You booked this signed out with your e-mail, katrin@example.com. Confirm that e-mail with a one-time code and the booking joins your account. Until then you can change the riders' names, contacts and food; paying, weights and cancelling wait for it.",
    );
    expect(screen.getByTestId('link-reader')).not.toHaveTextContent(/another account/u);
    expect(screen.getByTestId('link-reader')).not.toHaveTextContent(/person who booked/u);
  });

  it('tells a signed-in reader of a booking made signed out elsewhere whose account it joins, not "another account"', async () => {
    await open({ ...confirmed('link'), email_proof_required: true });
    expect(screen.getByTestId('link-reader')).toHaveTextContent(
      "This booking was made signed out and joins the account of the e-mail it was booked with once that e-mail is confirmed: if it is yours, confirm it with a one-time code. Until then you can change the riders' names, contacts and food; paying, weights and cancelling wait for it.",
    );
    expect(screen.getByTestId('link-reader')).not.toHaveTextContent(/another account/u);
    // Its proof notice stays above: the code that confirms the e-mail.
    expect(
      screen.getByRole('heading', { name: 'Confirm your e-mail to keep your seats' }),
    ).toBeInTheDocument();
  });

  it('leaves a guest’s own booking awaiting its e-mail’s proof to the proof notice', async () => {
    await open({ ...confirmed('link'), email_proof_required: true }, { signedOut: true });
    expect(
      screen.getByRole('heading', { name: 'Confirm your e-mail to keep your seats' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('link-reader')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Jonas Weber' })).toBeInTheDocument();
  });
});

describe('the booking page of an ended booking', () => {
  const signedIn = { id: 3, email: 'katrin@example.com' } as components['schemas']['UserProfile'];
  const moderate = {
    name: 'moderate' as const,
    title: 'Moderate',
    tiers: [
      { days_before: 30, refund_percent: 100 },
      { days_before: 14, refund_percent: 50 },
    ],
    lines: [
      '30 days or more before the start: 100% of what you paid back',
      '14–29 days before the start: 50% of what you paid back',
      'Less than 14 days before the start: no refund',
    ],
  };
  const meeting = {
    text: 'Meet at the Tyungur stables at 9:00.',
    files: [],
    updated_at: '2026-11-25T08:00:00Z',
  };
  const rider = (id: number, editable: boolean) => ({
    id,
    first_name: id === 1 ? 'Katrin' : 'Jonas',
    last_name: 'Weber',
    full_name: id === 1 ? 'Katrin Weber' : 'Jonas Weber',
    weight: 70,
    can_edit: editable,
    can_delete: editable && id > 1,
  });
  /**
   * A booking as the API answers its owner once it has ended: the policy accepted at booking is
   * still in the answer (`records.ts` sends it for every status), nothing can be paid, cancelled
   * or changed.
   */
  const over = (overrides: Partial<BookingRequest>) =>
    ended({
      reader: 'traveller',
      tour: tourSummary({ organizer: { id: 4, name: 'Andes Trails', type: 'organization' } }),
      cancellation_policy: moderate,
      refund_if_canceled_today: null,
      balance_due_by: null,
      tour_date: tourDate({ id: 5 }),
      tourists: [rider(1, false), rider(2, false)],
      ...overrides,
    });
  const hour = 3_600_000;
  const cases: [string, BookingRequest][] = [
    ['cancelled by the traveller, part refunded', over({ status: 5, paid: 1200, refunded: 600 })],
    [
      'cancelled by the organizer, paid back',
      over({ status: 6, paid: 300, refunded: 300, meeting }),
    ],
    ['declined', over({ status: 6, decline_reason: 'No horses that week' })],
    ['released unanswered', over({ status: 7, cancel_reason: 'Not confirmed in time' })],
    ['cancelled by support', over({ status: 8, paid: 300, refunded: 300 })],
    ['complete', over({ status: 4, paid: 1200, meeting })],
    // The hold has ended, not yet released by the booking job: the API still calls it open
    // (`can_cancel`, riders editable), but it can no longer be paid and is being released.
    [
      'past its time to pay',
      over({
        status: 2,
        hold_until: new Date(Date.now() - hour).toISOString(),
        can_cancel: true,
        refund_if_canceled_today: 0,
        tourists: [rider(1, true), rider(2, true)],
      }),
    ],
  ];

  it.each(cases)(
    'tells what happened, %s, without the terms and actions of a live booking',
    async (_name, booking) => {
      await renderInApp(<BookingPage booking={booking} user={signedIn} />, {
        fetch: createFakeApi({}).fetch,
        signedIn: true,
      });
      await screen.findByRole('heading', { name: 'Booking #9' });
      expect(screen.queryByRole('region', { name: /^Cancellation policy/u })).toBeNull();
      expect(screen.queryByText(moderate.lines[0]!)).toBeNull();
      // The only action left: asking the organizer about it.
      expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Message the organizer',
      ]);
      expect(screen.queryByRole('link', { name: /^Add (a rider|someone)/u })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Before you go' })).toBeNull();
      expect(screen.getByRole('heading', { name: 'Questions about this booking' })).toBeVisible();
      // The summary keeps what was paid and refunded, not the prepayment asked of a live booking.
      const summary = screen.getByRole('complementary', { name: 'Your tour' });
      expect(within(summary).queryByText('Prepayment')).toBeNull();
      expect(within(summary).getByText('Paid')).toBeInTheDocument();
    },
  );

  it('promises a reader by its link no change of riders once it has ended', async () => {
    const byLink = over({ status: 7, reader: 'link', cancel_reason: 'Not confirmed in time' });
    for (const user of [undefined, signedIn]) {
      await renderInApp(<BookingPage booking={byLink} user={user} />, {
        fetch: createFakeApi({}).fetch,
        signedIn: user !== undefined,
      });
      await screen.findByRole('heading', { name: 'Booking #9' });
      expect(screen.queryByTestId('link-reader')).toBeNull();
      expect(screen.queryByText(/You can change the riders/u)).toBeNull();
      expect(screen.queryByRole('button', { name: /^Edit/u })).toBeNull();
      cleanup();
    }
  });

  it('drops the meeting details of a ride that does not run, and keeps those of one ridden', async () => {
    const open = async (booking: BookingRequest) => {
      await renderInApp(<BookingPage booking={booking} user={signedIn} />, {
        fetch: createFakeApi({}).fetch,
        signedIn: true,
      });
      await screen.findByRole('heading', { name: 'Booking #9' });
    };
    await open(over({ status: 6, paid: 300, refunded: 300, meeting }));
    expect(screen.queryByTestId('meeting-details')).toBeNull();
    cleanup();
    await open(over({ status: 4, paid: 1200, meeting }));
    expect(screen.getByTestId('meeting-details')).toHaveTextContent('Meet at the Tyungur stables');
  });
});

describe('the booking page’s hold: its time zone (decision 191)', () => {
  const traveller = { id: 7, email: 'a@b.c' } as components['schemas']['UserProfile'];
  // A confirmed, unpaid booking held until 10:30 UTC on 15 Jan 2030: 05:30 in New York, 19:30 in
  // Tokyo.
  const unpaid = ended({
    status: 2,
    reader: 'traveller',
    can_pay: true,
    can_cancel: true,
    hold_until: '2030-01-15T10:30:00Z',
    tour_date: tourDate({ id: 5 }),
  });
  const holdText = () => screen.getByTestId('hold-until').textContent;
  afterEach(() => vi.restoreAllMocks());

  it('writes the hold in the zone of the traveller’s settings, named, not the device’s', async () => {
    browserIn('Asia/Tokyo');
    await renderInApp(<BookingPage booking={unpaid} user={traveller} />, {
      fetch: withProfileZone('America/New_York', createFakeApi({}).fetch),
      signedIn: true,
    });
    await waitFor(() => expect(holdText()).toBe('Seats held until 05:30 EST, 15 Jan 2030'));
  });

  it('writes it in the device’s zone when the settings have none, or nobody is signed in', async () => {
    browserIn('Asia/Tokyo');
    await renderInApp(<BookingPage booking={unpaid} user={traveller} />, {
      fetch: withProfileZone(null, createFakeApi({}).fetch),
      signedIn: true,
    });
    await waitFor(() => expect(holdText()).toBe('Seats held until 19:30 GMT+9, 15 Jan 2030'));
    cleanup();
    await renderInApp(<BookingPage booking={unpaid} user={undefined} />, {
      fetch: createFakeApi({}).fetch,
    });
    await waitFor(() => expect(holdText()).toBe('Seats held until 19:30 GMT+9, 15 Jan 2030'));
  });

  it('hydrates the server’s page with no mismatch, in the settings’ zone from the first HTML', async () => {
    browserIn('Asia/Tokyo');
    const { serverHtml, mismatches } = await hydrateForZone(
      <BookingPage booking={unpaid} user={traveller} />,
      'America/New_York',
      createFakeApi({}).fetch,
    );
    expect(serverHtml).toContain('Seats held until <!-- -->05:30 EST, 15 Jan 2030');
    expect(holdText()).toBe('Seats held until 05:30 EST, 15 Jan 2030');
    expect(mismatches).toEqual([]);
  });
});
