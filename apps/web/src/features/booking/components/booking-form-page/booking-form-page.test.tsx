import { fireEvent, screen, waitFor, within } from '@testing-library/react';
// The API's own pricing: the form must say what the booking will ask.
import { quote as apiQuote, tiersOf, toCancellationPolicy } from '@gallop/booking-rules';
import { formatPrice } from '@gallop/currency';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAnswers, ridingBrief } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { Tour } from '../../api';
import { BookingFormPage } from './booking-form-page';

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const tour = {
  id: 7,
  slug: 'altai-horse-trek-7',
  name: 'Altai Horse Trek',
  duration: 8,
  images: [],
  riding: ridingBrief(),
  heavy_places_free: 1,
  dates: [
    {
      id: 70,
      tour_id: 7,
      duration: 8,
      start: '2027-07-12',
      end: '2027-07-19',
      currency: 'EUR',
      price: 950,
      number_of_free_seats: 6,
      prepayment_type: 'percent',
      prepayment_size: 30,
    },
  ],
} as unknown as Tour;

const booked = {
  id: 812,
  uuid: '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60',
  status: 2,
  tour: { id: 7, slug: tour.slug, name: tour.name },
  tourists: [],
  price: 950,
  currency: 'EUR',
  created_at: '2026-11-20T10:00:00Z',
};

/**
 * A booking API that fails the first `failures` create calls (a 503, or no answer at all) and
 * records the `Idempotency-Key` of every create call.
 */
function bookingApi(failures: Array<'503' | 'network'>) {
  const keys: Array<string | null> = [];
  const bodies: unknown[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== '/crm/api/request/create') {
      return Response.json({ message: 'Not found' }, { status: 404 });
    }
    keys.push(request.headers.get('Idempotency-Key'));
    bodies.push(await request.clone().json());
    const failure = failures.shift();
    if (failure === 'network') throw new TypeError('fetch failed');
    if (failure === '503') return Response.json({ message: 'Try again' }, { status: 503 });
    return Response.json(booked);
  };
  return { fetch, keys, bodies };
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillContact() {
  fill('Full name', 'Noor Saleh');
  fill('E-mail', 'noor@example.com');
  fill('Phone', '+14155550142');
}

async function fillForm() {
  fill('First name', 'Noor');
  fill('Last name', 'Saleh');
  fill('Date of birth', '1991-03-08');
  fill('Weight, kg', '64');
  fill('Full name', 'Noor Saleh');
  fill('E-mail', 'noor@example.com');
  fill('Phone', '+14155550142');
  fireEvent.click(screen.getByRole('checkbox'));
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send booking request' }));

/** Waits until the attempt has an answer: the failure is shown, the button is back. */
async function failedAttempt(calls: number, keys: unknown[]) {
  await waitFor(() => expect(keys).toHaveLength(calls));
  await screen.findByRole('alert');
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Send booking request' })).toBeEnabled(),
  );
}

describe('BookingFormPage', () => {
  it('sends the same Idempotency-Key when the same request is sent again after a failure', async () => {
    const api = bookingApi(['503', 'network']);
    const { router } = await renderInApp(
      <BookingFormPage tour={tour} dateId={70} user={undefined} />,
      { fetch: api.fetch },
    );
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    await fillForm();

    send();
    await failedAttempt(1, api.keys);
    send();
    await failedAttempt(2, api.keys);
    send();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`),
    );

    expect(api.keys).toHaveLength(3);
    expect(api.keys[0]).toMatch(/^[\x21-\x7e]{8,255}$/);
    expect(new Set(api.keys).size).toBe(1);
  });

  it('books in the currency its prices show, though the site’s currency changed since', async () => {
    // The prices were read in EUR; the site's currency has changed since (another tab switched
    // it): every call's X-Currency now names another one, USD here.
    const api = bookingApi([]);
    const currencies: Array<string | null> = [];
    const fetch = (request: Request) => {
      currencies.push(request.headers.get('X-Currency'));
      return api.fetch(request);
    };
    const { router } = await renderInApp(
      <BookingFormPage tour={tour} dateId={70} user={undefined} />,
      { fetch },
    );
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    expect(screen.getAllByText(formatPrice(950, 'EUR')).length).toBeGreaterThan(0);
    await fillForm();
    send();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`),
    );

    expect(currencies.at(-1)).toBe('USD');
    expect(api.bodies[0]).toMatchObject({ tour_date_id: 70, currency: 'EUR' });
  });

  it('books an individual offer by its uuid, at its date and price, not a catalogue date', async () => {
    const offerUuid = '5b7e2c1a-0d4f-4a8b-9c3e-2f1a0b9c8d7e';
    const offerTour = {
      ...tour,
      dates: [
        {
          ...tour.dates[0]!,
          id: 0,
          individual_tour_uuid: offerUuid,
          start: '2027-09-03',
          end: '2027-09-10',
          price: 1_330,
          prepayment_type: 'none',
          prepayment_size: null,
        },
      ],
    } as unknown as Tour;
    const api = bookingApi([]);
    await renderInApp(<BookingFormPage tour={offerTour} dateId={0} user={undefined} />, {
      fetch: api.fetch,
    });
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    expect(screen.getAllByText(formatPrice(1_330, 'EUR')).length).toBeGreaterThan(0);
    await fillForm();
    send();
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]).toMatchObject({ individual_tour_uuid: offerUuid, currency: 'EUR' });
    expect(api.bodies[0]).not.toHaveProperty('tour_date_id');
  });

  it('takes a new key once a value changes', async () => {
    const api = bookingApi(['503', '503', '503']);
    await renderInApp(<BookingFormPage tour={tour} dateId={70} user={undefined} />, {
      fetch: api.fetch,
    });
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    await fillForm();

    send();
    await failedAttempt(1, api.keys);
    fill('Last name', 'Saleh-Haddad');
    send();
    await failedAttempt(2, api.keys);
    send();
    await failedAttempt(3, api.keys);

    expect(api.keys[1]).not.toBe(api.keys[0]);
    // Unchanged since the second try: its retry keeps the key.
    expect(api.keys[2]).toBe(api.keys[1]);
  });
});

describe('BookingFormPage rider fields', () => {
  const open = async (api = bookingApi([])) => {
    const view = await renderInApp(<BookingFormPage tour={tour} dateId={70} user={undefined} />, {
      fetch: api.fetch,
    });
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    return { ...view, api };
  };

  it('asks each rider for name, birth date and weight, with the spec’s messages', async () => {
    const { api } = await open();
    fillContact();
    fireEvent.click(screen.getByRole('checkbox'));
    fill("Rider's e-mail (optional)", 'not-an-address');
    fill("Rider's phone (optional)", '+12');
    send();

    const rider = screen.getByRole('heading', { name: 'Rider 1' }).closest('div')!.parentElement!;
    await waitFor(() => expect(within(rider).getAllByText('Required field')).toHaveLength(4));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Required field');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription('Required field');
    expect(screen.getByLabelText('Weight, kg')).toHaveAccessibleDescription('Required field');
    expect(screen.getByLabelText("Rider's e-mail (optional)")).toHaveAccessibleDescription(
      'Please enter a valid e-mail',
    );
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    // Food restriction is optional.
    expect(screen.getByLabelText('Food restriction (optional)')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.keys).toHaveLength(0);
  });

  it('sends every rider field the contract takes, leaving empty optional ones out', async () => {
    const { api, router } = await open();
    fillContact();
    fireEvent.click(screen.getByRole('checkbox'));
    fill('First name', 'Noor');
    fill('Last name', 'Saleh');
    fill('Date of birth', '1991-03-08');
    fill('Weight, kg', '64');
    fill("Rider's phone (optional)", '+1 415 555-0142');
    fill('Food restriction (optional)', ' Vegetarian ');
    send();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`),
    );
    expect(api.bodies[0]).toMatchObject({
      tourists: [
        {
          first_name: 'Noor',
          last_name: 'Saleh',
          birthday: '1991-03-08',
          weight: 64,
          phone: '+14155550142',
          food_restriction: 'Vegetarian',
        },
      ],
    });
    expect((api.bodies[0] as { tourists: object[] }).tourists[0]).not.toHaveProperty('email');
  });

  it('fills the first rider with the contact’s name, e-mail and phone on "I am riding"', async () => {
    await open();
    fill('Full name', 'Ann Marie Rider');
    fill('E-mail', 'ann@example.com');
    fill('Phone', '+14155550142');
    fireEvent.click(screen.getByRole('button', { name: 'I am riding: fill with my details' }));

    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Ann'));
    expect(screen.getByLabelText('Last name')).toHaveValue('Marie Rider');
    expect(screen.getByLabelText("Rider's e-mail (optional)")).toHaveValue('ann@example.com');
    expect(screen.getByLabelText("Rider's phone (optional)")).toHaveValue('+14155550142');
    // Birth date and weight stay the rider's to fill.
    expect(screen.getByLabelText('Date of birth')).toHaveValue('');
  });
});

describe('BookingFormPage attribution', () => {
  const cookies = ['utm_source', 'utm_campaign', 'utm_content', 'subscriber_id', 'last_request_id'];
  afterEach(() => {
    for (const name of cookies) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });

  it('sends the stored campaign tags and subscriber id, then keeps the request id 180 days', async () => {
    document.cookie = 'utm_source=newsletter; Path=/';
    document.cookie = 'utm_campaign=spring%20rides; Path=/';
    document.cookie = 'subscriber_id=sub-41; Path=/';
    const api = bookingApi([]);
    const { router } = await renderInApp(
      <BookingFormPage tour={tour} dateId={70} user={undefined} />,
      { fetch: api.fetch },
    );
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    await fillForm();
    const written: string[] = [];
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    cookieSetter.mockImplementation((value: string) => void written.push(value));
    send();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`),
    );
    cookieSetter.mockRestore();

    expect(api.bodies[0]).toMatchObject({
      utm: { source: 'newsletter', campaign: 'spring rides' },
      subscriber_id: 'sub-41',
    });
    expect((api.bodies[0] as { utm: object }).utm).not.toHaveProperty('content');
    const lastRequest = written.find((cookie) => cookie.startsWith('last_request_id='));
    expect(lastRequest).toContain(`last_request_id=${booked.id}`);
    expect(lastRequest).toContain('Max-Age=15552000');
    expect(lastRequest).toContain('Path=/');
  });
});

describe('BookingFormPage date variants', () => {
  const variants = {
    ...tour,
    dates: [
      { ...tour.dates[0]!, id: 71, variant_name: 'Shared room' },
      { ...tour.dates[0]!, id: 72, price: 1240, variant_name: 'Private room' },
    ],
  } as Tour;

  it('names the policy’s days for the date chosen, with the policy accepted', async () => {
    const withPolicy = {
      ...tour,
      cancellation_policy: toCancellationPolicy('moderate', tiersOf('moderate')),
      dates: [{ ...tour.dates[0]!, start: '2030-07-12', end: '2030-07-19' }],
    } as Tour;
    await renderInApp(<BookingFormPage tour={withPolicy} dateId={70} user={undefined} />, {
      fetch: bookingApi([]).fetch,
    });
    const policy = await screen.findByRole(
      'region',
      { name: 'Cancellation policy: Moderate' },
      SLOW_CI,
    );
    expect(policy).toHaveTextContent(
      'For this date: everything back if you cancel before 00:00 UTC, 13 Jun 2030; 50% back before 00:00 UTC, 29 Jun 2030; nothing after.',
    );
    expect(policy).toHaveTextContent(
      'A cancellation by the organizer or by Gallop gives back everything you paid.',
    );
  });

  it('names each variant of the same days, and the chosen one in the summary', async () => {
    const api = bookingApi([]);
    const { router } = await renderInApp(
      <BookingFormPage tour={variants} dateId={72} user={undefined} />,
      { fetch: api.fetch },
    );
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    const [shared, privateRoom] = screen.getAllByRole('radio');
    expect(shared).toHaveAccessibleName(expect.stringContaining('Shared room'));
    expect(privateRoom).toHaveAccessibleName(expect.stringContaining('Private room'));
    expect(privateRoom).toBeChecked();
    const summary = screen.getByRole('complementary', { name: 'Your tour' });
    expect(within(summary).getByText('Private room')).toBeInTheDocument();

    fireEvent.click(shared!);
    expect(within(summary).getByText('Shared room')).toBeInTheDocument();
    await fillForm();
    send();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`),
    );
    expect(api.bodies[0]).toMatchObject({ tour_date_id: 71 });
  });
});

describe('BookingFormPage prepayment', () => {
  // A fixed prepayment per person, far enough ahead to be asked (not the whole price at once).
  const fixed = {
    ...tour,
    riding: ridingBrief({ non_riders_welcome: true }),
    dates: [
      {
        ...tour.dates[0]!,
        id: 90,
        start: '2030-06-10',
        end: '2030-06-17',
        price: 360,
        prepayment_type: 'fixed',
        prepayment_size: 72,
        full_payment_days: 60,
        non_rider_price: 150,
        non_rider_places_free: 2,
      },
    ],
  } as Tour;

  /** What the API will ask first for this request (its own `quote`, in minor units). */
  const askedByApi = (riders: number, nonRiders: number) =>
    apiQuote(
      {
        price: 36_000,
        prepaymentType: 'fixed',
        prepaymentSize: 7_200,
        fullPaymentDays: 60,
        startDate: '2030-06-10',
      },
      riders,
      new Date().toISOString().slice(0, 10),
      { count: nonRiders, price: 15_000 },
    ).prepayment! / 100;

  it('says the prepayment the API will ask, for 1, 2 and 3 riders and a non-rider', async () => {
    await renderInApp(<BookingFormPage tour={fixed} dateId={90} user={undefined} />, {
      fetch: bookingApi([]).fetch,
    });
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    const summary = screen.getByRole('complementary', { name: 'Your tour' });
    const said = (amount: number) =>
      `Prepayment ${formatPrice(amount, 'EUR')} (${formatPrice(72, 'EUR')} per person), the rest 60 days before the start`;

    expect(within(summary).getByText(said(askedByApi(1, 0)))).toBeInTheDocument();
    for (const riders of [2, 3]) {
      fireEvent.click(screen.getByRole('button', { name: 'Add a rider' }));
      expect(await within(summary).findByText(said(askedByApi(riders, 0)))).toBeInTheDocument();
    }
    expect(askedByApi(3, 0)).toBe(216);
    fireEvent.click(
      screen.getByRole('button', { name: 'Add someone who comes along without riding' }),
    );
    expect(await within(summary).findByText(said(askedByApi(3, 1)))).toBeInTheDocument();
    expect(askedByApi(3, 1)).toBe(288);
  });

  it('puts the focus on an added rider, so a keyboard lands on the new fields', async () => {
    await renderInApp(<BookingFormPage tour={fixed} dateId={90} user={undefined} />, {
      fetch: bookingApi([]).fetch,
    });
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    fireEvent.click(screen.getByRole('button', { name: 'Add a rider' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Rider 2' })),
    );
  });
});

describe('BookingFormPage rider fit', () => {
  afterEach(() => {
    document.cookie = 'gallop_rider=; Max-Age=0; Path=/';
  });

  // Intermediate; standard horses to 95 kg, heavier ones to 110 kg.
  const date = (id: number, start: string, end: string, heavy: number) => ({
    ...tour.dates[0]!,
    id,
    start,
    end,
    heavy_places: 2,
    heavy_places_free: heavy,
  });
  const ride = {
    ...tour,
    riding: ridingBrief(),
    dates: [
      date(80, '2027-07-12', '2027-07-19', 0),
      date(81, '2027-08-02', '2027-08-09', 1),
      date(82, '2027-08-16', '2027-08-23', 2),
    ],
  } as Tour;

  const sam = { name: 'Sam', level: 'novice', tack: null, hours_per_day: null, weight_kg: 102 };

  /** The booking API, and the account's rider passports for a signed-in traveller. */
  function riderApi(
    answer?: (body: unknown) => Response,
    { companions = [sam] }: { companions?: (typeof sam)[] } = {},
  ) {
    const bodies: unknown[] = [];
    const fetch = async (request: Request): Promise<Response> => {
      const { pathname } = new URL(request.url);
      if (pathname === '/spa/rider-passport') {
        return Response.json({
          passport: { level: 'advanced', tack: null, hours_per_day: null, weight_kg: 70 },
          companions,
        });
      }
      if (pathname !== '/crm/api/request/create') {
        return Response.json({ message: 'Not found' }, { status: 404 });
      }
      const body: unknown = await request.json();
      bodies.push(body);
      return answer ? answer(body) : Response.json(booked);
    };
    return { fetch, bodies };
  }

  const open = async (
    dateId: number,
    {
      api = riderApi(),
      signedIn = false,
      shown = ride,
    }: { api?: ReturnType<typeof riderApi>; signedIn?: boolean; shown?: Tour } = {},
  ) => {
    const view = await renderInApp(
      <BookingFormPage tour={shown} dateId={dateId} user={undefined} />,
      {
        fetch: api.fetch,
        signedIn,
      },
    );
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    return { ...view, api };
  };
  const rider = (number: number) => screen.getByRole('group', { name: `Rider ${number}` });
  const fillRider = (number: number, label: string, value: string) =>
    fireEvent.change(within(rider(number)).getByLabelText(label), { target: { value } });

  /**
   * Fills the rest of the form with rider 1 at 70 kg, sends it, waits for the booking's page and
   * answers the first rider the API was sent.
   */
  async function sendWithRiderAt70Kg(
    api: { bodies: unknown[] },
    router: { state: { location: { pathname: string } } },
  ) {
    await fillForm();
    fillRider(1, 'Weight, kg', '70');
    send();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`),
    );
    return (api.bodies[0] as { tourists: Record<string, unknown>[] }).tourists[0];
  }
  const fitOf = (number: number) => rider(number).querySelector('.rider-fit-note');
  /** Adds a second rider with a name, a birthday and a weight. */
  const addRider = (first: string, birthday: string, weight: string) => {
    fireEvent.click(screen.getByRole('button', { name: 'Add a rider' }));
    fillRider(2, 'First name', first);
    fillRider(2, 'Last name', 'Saleh');
    fillRider(2, 'Date of birth', birthday);
    fillRider(2, 'Weight, kg', weight);
  };

  it('asks each rider’s level, optional, among the five, and sends it', async () => {
    const { api, router } = await open(82);
    const level = within(rider(1)).getByLabelText('Rider level (optional)');
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Not given',
      'Beginner',
      'Novice',
      'Intermediate',
      'Strong intermediate',
      'Advanced',
    ]);
    await fillForm();
    fireEvent.change(level, { target: { value: 'strong-intermediate' } });
    send();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`),
    );
    expect(api.bodies[0]).toMatchObject({
      tourists: [{ level: 'strong-intermediate', weight: 64 }],
    });
  });

  it('fills a rider’s level and weight from the guest’s passport', async () => {
    document.cookie = 'gallop_rider=level%3Dnovice%26weight%3D88; path=/';
    await open(82);
    fireEvent.click(
      await within(rider(1)).findByRole('button', { name: 'Fill from my passport' }, SLOW_CI),
    );
    await waitFor(() =>
      expect(within(rider(1)).getByLabelText('Rider level (optional)')).toHaveValue('novice'),
    );
    expect(within(rider(1)).getByLabelText('Weight, kg')).toHaveValue('88');
    // The fit follows at once: a novice on an intermediate ride.
    expect(fitOf(1)).toHaveTextContent('A stretch: For intermediate riders, one step above novice');
  });

  it('carries the passport’s tack and hours into the rider’s fields and fit, and sends them', async () => {
    // An advanced Western rider used to 4 h, on an English ride of 6 h days.
    document.cookie =
      'gallop_rider=level%3Dadvanced%26tack%3Dwestern%26hours%3D4%26weight%3D70; path=/';
    const { api, router } = await open(82);
    fireEvent.click(
      await within(rider(1)).findByRole('button', { name: 'Fill from my passport' }, SLOW_CI),
    );
    // The card's and the tour page's reasons for the same passport (`passportFit`), spoken of
    // the form's rider.
    await waitFor(() =>
      expect(fitOf(1)).toHaveTextContent(
        'A stretch: Up to 6 h in the saddle a day; Rider 1 is used to 4 h',
      ),
    );
    expect(fitOf(1)).toHaveTextContent('A stretch: English tack; Rider 1 rides Western');
    // The rider's own optional fields show them, unfolded by the fill.
    expect(
      within(rider(1)).getByText('Usual tack and hours a day: Western, 4 h a day'),
    ).toBeVisible();
    expect(within(rider(1)).getByLabelText('Usual tack')).toHaveValue('western');
    expect(within(rider(1)).getByLabelText('Comfortable hours a day')).toHaveValue('4');
    const sent = await sendWithRiderAt70Kg(api, router);
    expect(sent).toMatchObject({
      level: 'advanced',
      weight: 70,
      tack: 'western',
      hours_per_day: 4,
    });
  });

  it('lets the traveller set a rider’s tack and hours, folded under one line until given', async () => {
    const { api, router } = await open(82);
    const habits = within(rider(1)).getByText('Usual tack and hours a day (optional)');
    // Folded: the form is no longer for a rider who skips them.
    expect(habits.closest('details')).not.toHaveAttribute('open');
    fireEvent.click(habits);
    fireEvent.change(within(rider(1)).getByLabelText('Usual tack'), {
      target: { value: 'western' },
    });
    fireEvent.change(within(rider(1)).getByLabelText('Comfortable hours a day'), {
      target: { value: '2.5' },
    });
    await waitFor(() =>
      expect(fitOf(1)).toHaveTextContent(
        'A stretch: Up to 6 h in the saddle a day; Rider 1 is used to 2.5 h',
      ),
    );
    const sent = await sendWithRiderAt70Kg(api, router);
    expect(sent).toMatchObject({ tack: 'western', hours_per_day: 2.5 });
  });

  it('offers the account’s companions, each by name', async () => {
    await open(82, { signedIn: true });
    fireEvent.click(screen.getByRole('button', { name: 'Add a rider' }));
    fireEvent.click(
      await within(rider(2)).findByRole('button', { name: "Fill from Sam's passport" }, SLOW_CI),
    );
    await waitFor(() =>
      expect(within(rider(2)).getByLabelText('Rider level (optional)')).toHaveValue('novice'),
    );
    expect(within(rider(2)).getByLabelText('Weight, kg')).toHaveValue('102');
    expect(within(rider(1)).getByLabelText('Weight, kg')).toHaveValue('');
    expect(within(rider(1)).getByRole('button', { name: 'Fill from my passport' })).toBeVisible();
  });

  it('says at once when no heavier horse is left on the date, and offers dates that have one', async () => {
    const { api } = await open(80);
    expect(fitOf(1)).toBeEmptyDOMElement();
    fillRider(1, 'Weight, kg', '100');
    expect(fitOf(1)).toHaveTextContent(
      'Not suitable: No horse for riders over 95 kg is left on this date',
    );
    expect(fitOf(1)).toHaveAttribute('aria-live', 'polite');
    const offered = within(fitOf(1) as HTMLElement).getAllByRole('button');
    expect(offered.map((button) => button.textContent)).toEqual(['2–9 Aug 2027', '16–23 Aug 2027']);

    fireEvent.click(within(rider(1)).getByRole('button', { name: 'Switch to 2–9 Aug 2027' }));
    expect(screen.getByRole('radio', { name: /2–9 Aug 2027/ })).toBeChecked();
    expect(fitOf(1)).toHaveTextContent(/^Fits$/);
    expect(fitOf(1)).toHaveFocus();
    expect(api.bodies).toHaveLength(0);
  });

  it('counts the heavier horses the riders above already take', async () => {
    await open(81);
    fillRider(1, 'Weight, kg', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Add a rider' }));
    fillRider(2, 'Weight, kg', '104');
    expect(fitOf(1)).toHaveTextContent(/^Fits$/);
    expect(fitOf(2)).toHaveTextContent(
      'Not suitable: No horse for riders over 95 kg is left on this date',
    );
    // Only the date with two heavier horses is left for the second rider.
    expect(
      within(fitOf(2) as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['16–23 Aug 2027']);
  });

  it('blocks the request for a weight no horse carries, on the rider’s weight field', async () => {
    const { api } = await open(82);
    await fillForm();
    fillRider(1, 'Weight, kg', '115');
    expect(fitOf(1)).toHaveTextContent(
      'Not suitable: Riders up to 110 kg with clothing; Noor weighs 115 kg',
    );
    expect(within(fitOf(1) as HTMLElement).queryByRole('button')).toBeNull();
    send();
    const weight = within(rider(1)).getByLabelText('Weight, kg');
    await waitFor(() =>
      expect(weight).toHaveAccessibleDescription(
        'Riders up to 110\u00a0kg with clothing; Noor weighs 115\u00a0kg',
      ),
    );
    expect(weight).toHaveFocus();
    expect(api.bodies).toHaveLength(0);
  });

  const chooseLevel = (number: number, level: string) =>
    fireEvent.change(within(rider(number)).getByLabelText('Rider level (optional)'), {
      target: { value: level },
    });
  const sentTo = (router: { state: { location: { pathname: string } } }) =>
    waitFor(() => expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`));

  it('blocks a rider below the riding age, on their birthday field, in the API’s words', async () => {
    const { api } = await open(82);
    await fillForm();
    fillRider(1, 'Date of birth', '2018-01-01');
    expect(fitOf(1)).toHaveTextContent('Not suitable: Riders from 12 years');
    send();
    const birthday = within(rider(1)).getByLabelText('Date of birth');
    await waitFor(() =>
      expect(birthday).toHaveAccessibleDescription('Riders must be at least 12 on the first day'),
    );
    expect(birthday).toHaveFocus();
    expect(api.bodies).toHaveLength(0);

    // Twelve on the first day (16 Aug 2027) is old enough.
    fillRider(1, 'Date of birth', '2015-08-16');
    send();
    await waitFor(() => expect(api.bodies).toHaveLength(1));
  });

  it('counts a rider born after the first day as below any riding age', async () => {
    const { api } = await open(82);
    await fillForm();
    fillRider(1, 'Date of birth', '2027-09-01');
    send();
    await waitFor(() =>
      expect(within(rider(1)).getByLabelText('Date of birth')).toHaveAccessibleDescription(
        'Riders must be at least 12 on the first day',
      ),
    );
    expect(api.bodies).toHaveLength(0);
  });

  it('blocks a rider above the maximum riding age, and shows every refusal at once', async () => {
    const { api } = await open(82, {
      shown: { ...ride, riding: ridingBrief({ max_riding_age: 65 }) } as Tour,
    });
    await fillForm();
    addRider('Sami', '1950-02-01', '115');
    send();
    const birthday = within(rider(2)).getByLabelText('Date of birth');
    await waitFor(() =>
      expect(birthday).toHaveAccessibleDescription('Riders must be at most 65 on the first day'),
    );
    expect(within(rider(2)).getByLabelText('Weight, kg')).toHaveAccessibleDescription(
      'Riders up to 110\u00a0kg with clothing; Sami weighs 115\u00a0kg',
    );
    expect(birthday).toHaveFocus();
    expect(api.bodies).toHaveLength(0);
  });

  it('stops a rider two levels short once, kindly, and sends when they book anyway', async () => {
    const { api, router } = await open(82);
    await fillForm();
    fill('Food restriction (optional)', 'No nuts');
    chooseLevel(1, 'beginner');
    expect(fitOf(1)).toHaveTextContent('For intermediate riders; Noor rides at beginner level');
    send();
    const stop = await within(rider(1)).findByRole('alert');
    expect(stop).toHaveTextContent(
      'Noor is a beginner; this ride asks for intermediate riders, who canter in control for hours.',
    );
    expect(stop).toHaveFocus();
    expect(within(stop).getByRole('link', { name: 'Tours for beginner riders' })).toHaveAttribute(
      'href',
      '/tours?riderLevel=beginner',
    );
    expect(api.bodies).toHaveLength(0);
    // Everything typed stays.
    expect(within(rider(1)).getByLabelText('First name')).toHaveValue('Noor');
    expect(within(rider(1)).getByLabelText('Date of birth')).toHaveValue('1991-03-08');
    expect(within(rider(1)).getByLabelText('Rider level (optional)')).toHaveValue('beginner');
    expect(screen.getByLabelText('Food restriction (optional)')).toHaveValue('No nuts');
    expect(screen.getByRole('checkbox')).toBeChecked();

    // Send again without choosing: still stopped, the focus back on why.
    screen.getByLabelText('Full name').focus();
    send();
    await waitFor(() => expect(within(rider(1)).getByRole('alert')).toHaveFocus());
    expect(api.bodies).toHaveLength(0);

    // Not a submit button: Enter in a field sends the request, never "Book anyway".
    const bookAnyway = within(stop).getByRole('button', { name: 'Book anyway' });
    expect(bookAnyway).toHaveAttribute('type', 'button');
    fireEvent.click(bookAnyway);
    await sentTo(router);
    expect(api.bodies).toHaveLength(1);
    expect(api.bodies[0]).toMatchObject({ tourists: [{ first_name: 'Noor', level: 'beginner' }] });
  });

  it('does not stop a stretch, nor a rider whose level changed to one that fits', async () => {
    const { api, router } = await open(82);
    await fillForm();
    chooseLevel(1, 'beginner');
    send();
    await within(rider(1)).findByRole('alert');
    chooseLevel(1, 'novice');
    expect(fitOf(1)).toHaveTextContent('A stretch: For intermediate riders, one step above novice');
    expect(within(rider(1)).queryByRole('alert')).toBeNull();
    send();
    await sentTo(router);
    expect(api.bodies[0]).toMatchObject({ tourists: [{ level: 'novice' }] });
  });

  it('asks again when the level changes after booking anyway, not when it stays', async () => {
    const api = riderApi(() => Response.json({ message: 'Try again' }, { status: 503 }));
    await open(82, { api, shown: { ...ride, riding: ridingBrief({ level: 'advanced' }) } as Tour });
    const sendButton = () => screen.getByRole('button', { name: 'Send booking request' });
    await fillForm();
    chooseLevel(1, 'beginner');
    send();
    fireEvent.click(await within(rider(1)).findByRole('button', { name: 'Book anyway' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    await waitFor(() => expect(sendButton()).toBeEnabled());
    // The rider as accepted goes again at once (after a failure, say).
    send();
    await waitFor(() => expect(api.bodies).toHaveLength(2));
    await waitFor(() => expect(sendButton()).toBeEnabled());

    chooseLevel(1, 'novice');
    send();
    await waitFor(() =>
      expect(within(rider(1)).getByRole('alert')).toHaveTextContent(
        'Noor is a novice; this ride asks for advanced riders, who ride spirited horses at every pace, for days on end.',
      ),
    );
    expect(within(rider(1)).getByRole('alert')).toHaveFocus();
    expect(api.bodies).toHaveLength(2);
  });

  it('fills a companion’s name from their passport, then stops them kindly on the reviewer’s path', async () => {
    const samMorgan = { ...sam, name: 'Sam Morgan', level: 'beginner', weight_kg: 70 };
    const api = riderApi(undefined, { companions: [samMorgan] });
    const { router } = await open(82, { api, signedIn: true });
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a rider' }));
    fireEvent.click(
      await within(rider(2)).findByRole(
        'button',
        { name: "Fill from Sam Morgan's passport" },
        SLOW_CI,
      ),
    );
    await waitFor(() => expect(within(rider(2)).getByLabelText('First name')).toHaveValue('Sam'));
    expect(within(rider(2)).getByLabelText('Last name')).toHaveValue('Morgan');
    expect(within(rider(2)).getByLabelText('Rider level (optional)')).toHaveValue('beginner');
    fillRider(2, 'Date of birth', '2015-09-01');
    expect(fitOf(2)).toHaveTextContent('Riders from 12 years');
    expect(fitOf(2)).toHaveTextContent('For intermediate riders; Sam rides at beginner level');

    // Too young first: no booking for that, whatever the traveller chooses.
    send();
    await waitFor(() => expect(within(rider(2)).getByLabelText('Date of birth')).toHaveFocus());
    expect(within(rider(2)).getByLabelText('Date of birth')).toHaveAccessibleDescription(
      'Riders must be at least 12 on the first day',
    );
    expect(api.bodies).toHaveLength(0);

    // Old enough, still a beginner: the kind stop, under Sam only.
    fillRider(2, 'Date of birth', '2013-09-01');
    send();
    const stop = await within(rider(2)).findByRole('alert');
    expect(stop).toHaveTextContent(
      'Sam is a beginner; this ride asks for intermediate riders, who canter in control for hours.',
    );
    expect(stop).toHaveFocus();
    expect(within(rider(1)).queryByRole('alert')).toBeNull();
    expect(api.bodies).toHaveLength(0);
    fireEvent.click(within(stop).getByRole('button', { name: 'Book anyway' }));
    await sentTo(router);
    expect(api.bodies[0]).toMatchObject({
      tourists: [
        { first_name: 'Noor' },
        { first_name: 'Sam', last_name: 'Morgan', birthday: '2013-09-01', level: 'beginner' },
      ],
    });
  });

  it('keeps a name the traveller typed when filling from a companion’s passport', async () => {
    const api = riderApi(undefined, { companions: [{ ...sam, name: 'Sam Morgan' }] });
    await open(82, { api, signedIn: true });
    fillRider(1, 'First name', 'Samuel');
    fireEvent.click(
      await within(rider(1)).findByRole(
        'button',
        { name: "Fill from Sam Morgan's passport" },
        SLOW_CI,
      ),
    );
    await waitFor(() =>
      expect(within(rider(1)).getByLabelText('Rider level (optional)')).toHaveValue('novice'),
    );
    expect(within(rider(1)).getByLabelText('First name')).toHaveValue('Samuel');
    expect(within(rider(1)).getByLabelText('Last name')).toHaveValue('Morgan');
  });

  it('shows the API’s refusal of a rider’s weight at that rider’s field', async () => {
    const text = 'Only 1 horse(s) for riders over 95 kg left on this date';
    const api = riderApi(() =>
      Response.json({ message: text, errors: { 'tourists.1.weight': [text] } }, { status: 422 }),
    );
    await open(82, { api });
    await fillForm();
    addRider('Sam', '1993-05-01', '100');
    send();
    const weight = within(rider(2)).getByLabelText('Weight, kg');
    await waitFor(() => expect(weight).toHaveAccessibleDescription(text));
    expect(api.bodies).toHaveLength(1);
    // Said once, at the field: nothing else to say above the button.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('BookingFormPage: the season check (decision 117)', () => {
  it('marks a date in a poor month with why, in the date choice’s own name', async () => {
    const desert = Array.from({ length: 12 }, (_, index) => ({
      month: index + 1,
      temperature_min: 12,
      temperature_max: index === 6 ? 34.4 : 24,
      precipitation_mm: 10,
    }));
    const asked: string[] = [];
    const withDates = {
      ...tour,
      start_city: { id: 5, name: 'Wadi Rum Village' },
      countries: [{ id: 10, name: 'Jordan' }],
      dates: [...tour.dates, { ...tour.dates[0], id: 71, start: '2027-10-04', end: '2027-10-11' }],
    } as unknown as Tour;
    await renderInApp(<BookingFormPage tour={withDates} dateId={70} user={undefined} />, {
      fetch: async (request) => {
        const url = new URL(request.url);
        if (url.pathname !== '/spa/destination-climate') {
          return Response.json({ message: 'Not found' }, { status: 404 });
        }
        asked.push(url.search);
        return Response.json({ destination_id: 5, months: desert });
      },
    });
    const dateChoice = await screen.findByRole('group', { name: 'Date' }, SLOW_CI);
    await within(dateChoice).findByText('Poor season:', {}, SLOW_CI);
    expect(asked).toEqual(['?destination_id=5&kind=city']);
    expect(
      within(dateChoice).getByRole('radio', {
        name: /12–19 Jul 2027.*Poor season: Hot: 34\s°C highs/,
      }),
    ).toBeChecked();
    expect(
      within(dateChoice).getByRole('radio', { name: /4–11 Oct 2027/ }),
    ).not.toHaveAccessibleName(/Poor season/);
  });
});

describe('BookingFormPage non-riders', () => {
  const welcoming = {
    ...tour,
    riding: ridingBrief({ non_riders_welcome: true }),
    dates: [{ ...tour.dates[0]!, non_rider_price: 400, non_rider_places_free: 2 }],
  } as unknown as Tour;

  const open = async (shown: Tour, api = bookingApi([])) => {
    const view = await renderInApp(<BookingFormPage tour={shown} dateId={70} user={undefined} />, {
      fetch: api.fetch,
    });
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    return { ...view, api };
  };
  const addCompanion = () =>
    fireEvent.click(
      screen.getByRole('button', { name: 'Add someone who comes along without riding' }),
    );

  it('offers nothing for non-riders where the tour does not welcome them', async () => {
    await open(tour);
    expect(screen.queryByText('Comes along without riding')).toBeNull();
  });

  it('adds a companion without weight or level, prices them and sends them as not riding', async () => {
    const { api, router } = await open(welcoming);
    addCompanion();
    const companion = screen.getByRole('group', { name: 'Non-rider 1' });
    expect(within(companion).queryByLabelText('Weight, kg')).toBeNull();
    expect(within(companion).queryByLabelText('Rider level (optional)')).toBeNull();
    const summary = screen.getByRole('complementary');
    expect(within(summary).getByText('€400 × 1 non-rider')).toBeInTheDocument();
    expect(within(summary).getByText('€1,350')).toBeInTheDocument();

    const rider = screen.getByRole('group', { name: 'Rider 1' });
    const fillIn = (group: HTMLElement, label: string, value: string) =>
      fireEvent.change(within(group).getByLabelText(label), { target: { value } });
    fillIn(rider, 'First name', 'Noor');
    fillIn(rider, 'Last name', 'Saleh');
    fillIn(rider, 'Date of birth', '1991-03-08');
    fillIn(rider, 'Weight, kg', '64');
    fillIn(companion, 'First name', 'Sami');
    fillIn(companion, 'Last name', 'Saleh');
    fillIn(companion, 'Date of birth', '1989-10-02');
    fillContact();
    fireEvent.click(screen.getByRole('checkbox'));
    send();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`),
    );
    expect(api.bodies[0]).toMatchObject({
      tourists: [
        { first_name: 'Noor', weight: 64 },
        { first_name: 'Sami', birthday: '1989-10-02', rides: false },
      ],
    });
    const sent = (api.bodies[0] as { tourists: object[] }).tourists;
    expect(sent[0]).not.toHaveProperty('rides');
    expect(sent[1]).not.toHaveProperty('weight');
  });

  // The walk: a rider, a grandmother who does not ride and a 6-year-old on a tour from 12.
  it('stops a companion under the tour’s minimum age at once, in words of their own', async () => {
    const fromTwelve = { ...welcoming, min_age: 12 } as Tour;
    const { api, router } = await open(fromTwelve);
    addCompanion();
    addCompanion();
    const rider = screen.getByRole('group', { name: 'Rider 1' });
    const grandmother = screen.getByRole('group', { name: 'Non-rider 1' });
    const child = screen.getByRole('group', { name: 'Non-rider 2' });
    const fillIn = (group: HTMLElement, label: string, value: string) =>
      fireEvent.change(within(group).getByLabelText(label), { target: { value } });
    fillIn(rider, 'First name', 'Maya');
    fillIn(rider, 'Last name', 'Hart');
    fillIn(rider, 'Date of birth', '1985-03-02');
    fillIn(rider, 'Weight, kg', '64');
    fillIn(grandmother, 'First name', 'Olga');
    fillIn(grandmother, 'Last name', 'Hart');
    // Older than any riding age: she does not ride, so only the minimum age holds her.
    fillIn(grandmother, 'Date of birth', '1949-09-09');
    fillIn(child, 'First name', 'Nina');
    fillIn(child, 'Last name', 'Hart');
    fillIn(child, 'Date of birth', '2020-05-20');
    fillContact();
    fireEvent.click(screen.getByRole('checkbox'));
    send();
    const birthday = within(child).getByLabelText('Date of birth');
    await waitFor(() =>
      expect(birthday).toHaveAccessibleDescription('Everyone must be at least 12 on the first day'),
    );
    expect(birthday).toHaveFocus();
    expect(within(grandmother).getByLabelText('Date of birth')).not.toHaveAccessibleDescription(
      /must be/,
    );
    expect(api.bodies).toHaveLength(0);

    // Twelve on the first day (12 Jul 2027) comes along.
    fillIn(child, 'Date of birth', '2015-07-12');
    send();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`),
    );
    expect(api.bodies).toHaveLength(1);
  });

  it('holds riders to the tour’s minimum age when it is above the riding age', async () => {
    const fromFourteen = { ...welcoming, min_age: 14 } as Tour;
    const { api } = await open(fromFourteen);
    const rider = screen.getByRole('group', { name: 'Rider 1' });
    const fillIn = (label: string, value: string) =>
      fireEvent.change(within(rider).getByLabelText(label), { target: { value } });
    fillIn('First name', 'Leo');
    fillIn('Last name', 'Hart');
    fillIn('Weight, kg', '50');
    // Thirteen on the first day: old enough to ride from 12, not for this tour from 14.
    fillIn('Date of birth', '2014-01-01');
    fillContact();
    fireEvent.click(screen.getByRole('checkbox'));
    send();
    await waitFor(() =>
      expect(within(rider).getByLabelText('Date of birth')).toHaveAccessibleDescription(
        'Riders must be at least 14 on the first day',
      ),
    );
    expect(api.bodies).toHaveLength(0);
  });

  it('adds no more companions than the date has places for', async () => {
    await open(welcoming);
    addCompanion();
    addCompanion();
    expect(screen.getByRole('group', { name: 'Non-rider 2' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Add someone who comes along without riding' }),
    ).toBeNull();
  });
});

// Decision 169: the tick asks for the published documents only; never for a missing one.
describe('BookingFormPage consent', () => {
  it('asks only for the cancellation policy while no legal document is published, then books', async () => {
    const withPolicy = {
      ...tour,
      cancellation_policy: {
        name: 'moderate',
        title: 'Moderate',
        tiers: [{ days_before: 30, refund_percent: 100 }],
        lines: ['Cancel 30 days before the start: everything back.'],
      },
    } as Tour;
    const api = bookingApi([]);
    const info = { ...(fakeAnswers['/spa/info'] as object), legal_documents: [] };
    const fetch = (request: Request) =>
      new URL(request.url).pathname === '/spa/info'
        ? Promise.resolve(Response.json(info))
        : api.fetch(request);
    const { router } = await renderInApp(
      <BookingFormPage tour={withPolicy} dateId={70} user={undefined} />,
      { fetch },
    );
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    await waitFor(() =>
      expect(screen.getByRole('checkbox')).toHaveAccessibleName(
        'I accept the cancellation policy above',
      ),
    );
    expect(screen.queryByRole('link', { name: 'terms of use' })).not.toBeInTheDocument();
    await fillForm();
    send();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/booking/uuid/${booked.uuid}`),
    );
  });
});

describe('BookingFormPage asked date', () => {
  // An old link to 12–19 Jul, now sold out; 8–10 Jan, at another price, still has seats.
  const filledUp = {
    ...tour,
    dates: [
      { ...tour.dates[0]!, number_of_free_seats: 0 },
      { ...tour.dates[0]!, id: 75, start: '2028-01-08', end: '2028-01-10', price: 610 },
      { ...tour.dates[0]!, id: 76, start: '2028-02-08', end: '2028-02-10', is_busy: true },
    ],
  } as Tour;

  const open = async (dateId: number | undefined) => {
    await renderInApp(<BookingFormPage tour={filledUp} dateId={dateId} user={undefined} />, {
      fetch: bookingApi([]).fetch,
    });
    await screen.findByRole('heading', { name: 'Request booking' }, SLOW_CI);
    return screen.getByRole('group', { name: 'Date' });
  };

  it('says a sold-out date is sold out and chooses no other for the traveller', async () => {
    const dates = await open(70);
    const why = 'The date you chose (12–19 Jul 2027) is sold out: choose another date.';
    expect(within(dates).getByText(why)).toBeInTheDocument();
    expect(dates).toHaveAccessibleDescription(why);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Send booking request' })).toBeDisabled();

    fireEvent.click(screen.getByRole('radio'));
    expect(screen.getByRole('radio')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Send booking request' })).toBeEnabled();
  });

  it('says a date the organizer closed takes no bookings', async () => {
    const dates = await open(76);
    expect(dates).toHaveAccessibleDescription(
      'The date you chose (8–10 Feb 2028) is not taking bookings: choose another date.',
    );
    expect(screen.getByRole('radio')).not.toBeChecked();
  });

  it('says a date gone from the tour is no longer offered', async () => {
    const dates = await open(99);
    expect(dates).toHaveAccessibleDescription(
      'The date you chose is no longer offered: choose another date.',
    );
    expect(screen.getByRole('radio')).not.toBeChecked();
  });

  it('preselects the first bookable date when the link names none, saying nothing', async () => {
    const dates = await open(undefined);
    expect(screen.getByRole('radio')).toBeChecked();
    expect(dates).not.toHaveAccessibleDescription();
    expect(within(dates).queryByText(/The date you chose/)).toBeNull();
  });
});
