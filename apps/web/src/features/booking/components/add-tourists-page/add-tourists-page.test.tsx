import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ridingBrief } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { TouristsInfo, Traveller } from '../../api';
import { AddTouristsPage } from './add-tourists-page';

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const info = {
  uuid: '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60',
  request_id: 812,
  tour: { id: 7, slug: 'altai-horse-trek-7', name: 'Altai Horse Trek', riding: ridingBrief() },
  tourists: [{ id: 1, first_name: 'Maya', last_name: 'Hart', full_name: 'Maya Hart' }],
  max_tourists: 4,
} as unknown as TouristsInfo;

const owner = { first_name: 'Maya', last_name: 'Hart', email: 'maya@example.com' } as Traveller;

function addApi(answer: () => Response) {
  const bodies: unknown[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== '/crm/api/request/add-tourists') {
      return Response.json({ message: 'Not found' }, { status: 404 });
    }
    bodies.push(await request.json());
    return answer();
  };
  return { fetch, bodies };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills the rider form with Ida Berg (58 kg unless told) and sends it. */
async function addIdaBerg(weight = '58') {
  await screen.findByRole('heading', { name: 'Add a rider' }, SLOW_CI);
  fill('First name', 'Ida');
  fill('Last name', 'Berg');
  fill('Date of birth', '1992-09-14');
  fill('Weight, kg', weight);
  fireEvent.click(screen.getByRole('button', { name: 'Add rider' }));
}

describe('AddTouristsPage', () => {
  it('asks a signed-out visitor to prove the booking’s e-mail before any rider form', async () => {
    await renderInApp(
      <AddTouristsPage
        info={info}
        user={undefined}
        emailProof={<button type="button">Send me a code</button>}
      />,
    );
    await screen.findByRole('heading', { name: 'Add a rider' }, SLOW_CI);
    expect(
      screen.getByRole('heading', { name: "Confirm the booking's e-mail to add a rider" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a code' })).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });

  it('lets the owner add a rider with the rider fields', async () => {
    const api = addApi(() =>
      Response.json({
        ...info,
        tourists: [
          ...info.tourists,
          { id: 2, first_name: 'Ida', last_name: 'Berg', full_name: 'Ida Berg' },
        ],
      }),
    );
    await renderInApp(<AddTouristsPage info={info} user={owner} emailProof={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    await addIdaBerg();
    expect(await screen.findByRole('status')).toHaveTextContent('Added');
    expect(screen.getByText('Ida Berg')).toBeInTheDocument();
    expect(api.bodies[0]).toEqual({
      tourists: [{ first_name: 'Ida', last_name: 'Berg', birthday: '1992-09-14', weight: 58 }],
    });
  });

  it('shows the new total, what is left to pay and the ways back to the booking and to paying', async () => {
    const added = {
      ...info,
      tourists: [
        ...info.tourists,
        { id: 2, first_name: 'Ida', last_name: 'Berg', full_name: 'Ida Berg', rides: true },
        { id: 3, first_name: 'Sam', last_name: 'Morgan', full_name: 'Sam Morgan', rides: false },
      ],
    };
    const booking = {
      id: 812,
      uuid: info.uuid,
      status: 3,
      price: 2300,
      paid: 1500,
      currency: 'EUR',
      can_pay: true,
      non_riders: 1,
      tourists: added.tourists,
    };
    const fetch = async (request: Request): Promise<Response> => {
      const path = new URL(request.url).pathname;
      if (path === '/crm/api/request/add-tourists') return Response.json(added);
      if (path === '/crm/api/request/get-by-uuid') return Response.json(booking);
      return Response.json({ message: 'Not found' }, { status: 404 });
    };
    await renderInApp(<AddTouristsPage info={info} user={owner} emailProof={null} />, {
      fetch,
      signedIn: true,
    });
    await addIdaBerg();
    const status = await screen.findByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Added. The organizer sees the new rider. New total: €2,300 for 2 riders, 1 non-rider. Paid €1,500, left to pay: €800.',
      ),
    );
    expect(screen.getByRole('link', { name: 'Back to booking #812' })).toHaveProperty(
      'pathname',
      '/booking/812',
    );
    expect(screen.getByRole('link', { name: 'Pay €800' })).toHaveProperty(
      'pathname',
      '/booking/pay/812',
    );
    // A companion is listed as one, not as a rider.
    expect(screen.getByText('Sam Morgan, comes along without riding')).toBeInTheDocument();
    expect(screen.getByText('Ida Berg')).toBeInTheDocument();
  });

  it('lets a booking of 4 riders and 1 non-rider take the date’s last seat, then says it is full', async () => {
    const person = (id: number, first_name: string, rides = true) => ({
      id,
      first_name,
      last_name: 'Hart',
      full_name: `${first_name} Hart`,
      rides,
    });
    const party = {
      ...info,
      // `max_tourists` counts every tourist, riders and non-riders: 5 now and 1 free seat.
      tourists: [
        person(1, 'Maya'),
        person(2, 'Noa'),
        person(3, 'Eli'),
        person(4, 'Ruth'),
        person(5, 'Sami', false),
      ],
      max_tourists: 6,
    } as unknown as TouristsInfo;
    const api = addApi(() =>
      Response.json({ ...party, tourists: [...party.tourists, person(6, 'Ida')] }),
    );
    await renderInApp(<AddTouristsPage info={party} user={owner} emailProof={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    await screen.findByRole('heading', { name: 'Add a rider' }, SLOW_CI);
    expect(screen.queryByText('No more seats are free on this date.')).toBeNull();
    expect(screen.getByText('Sami Hart, comes along without riding')).toBeInTheDocument();
    await addIdaBerg();
    expect(await screen.findByRole('status')).toHaveTextContent('Added');
    expect(screen.getByText('No more seats are free on this date.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add rider' })).toBeNull();
    // The added note's way back is the only one.
    expect(screen.getAllByRole('link', { name: 'Back to booking #812' })).toHaveLength(1);
  });

  it('links a full date back to the booking, by its number signed in, by its link signed out', async () => {
    const full = { ...info, max_tourists: 1 } as TouristsInfo;
    const view = await renderInApp(<AddTouristsPage info={full} user={owner} emailProof={null} />, {
      signedIn: true,
    });
    await screen.findByRole('heading', { name: 'Add a rider' }, SLOW_CI);
    expect(screen.getByText('No more seats are free on this date.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add rider' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to booking #812' })).toHaveProperty(
      'pathname',
      '/booking/812',
    );
    view.unmount();

    await renderInApp(<AddTouristsPage info={full} user={undefined} emailProof={null} />);
    await screen.findByRole('heading', { name: 'Add a rider' }, SLOW_CI);
    expect(screen.getByRole('link', { name: 'Back to booking #812' })).toHaveProperty(
      'pathname',
      `/booking/uuid/${info.uuid}`,
    );
  });

  it('shows the API’s refusal for another account', async () => {
    const message = 'Only the account that made this booking can add riders';
    const api = addApi(() => Response.json({ message }, { status: 403 }));
    await renderInApp(<AddTouristsPage info={info} user={owner} emailProof={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    await addIdaBerg();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
  });
});

describe('AddTouristsPage rider fit', () => {
  const open = async (api: ReturnType<typeof addApi>) => {
    await renderInApp(<AddTouristsPage info={info} user={owner} emailProof={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    await screen.findByRole('heading', { name: 'Add a rider' }, SLOW_CI);
  };

  it('sends the new rider’s level and shows their fit as they type', async () => {
    const api = addApi(() => Response.json(info));
    await open(api);
    fireEvent.change(screen.getByLabelText('Rider level (optional)'), {
      target: { value: 'novice' },
    });
    expect(document.querySelector('.rider-fit-note')).toHaveTextContent(
      'A stretch: For intermediate riders, one step above novice',
    );
    await addIdaBerg();
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]).toEqual({
      tourists: [
        {
          first_name: 'Ida',
          last_name: 'Berg',
          birthday: '1992-09-14',
          weight: 58,
          level: 'novice',
        },
      ],
    });
  });

  it('shows the API’s refusal of the weight at the weight field', async () => {
    const text = 'No horse for riders over 95 kg is left on this date';
    const api = addApi(() =>
      Response.json({ message: text, errors: { 'tourists.0.weight': [text] } }, { status: 422 }),
    );
    await open(api);
    await addIdaBerg('101');
    await waitFor(() =>
      expect(screen.getByLabelText('Weight, kg')).toHaveAccessibleDescription(text),
    );
  });

  it('stops a rider two levels short once, kindly; "Add anyway" adds them', async () => {
    const api = addApi(() => Response.json(info));
    await open(api);
    fireEvent.change(screen.getByLabelText('Rider level (optional)'), {
      target: { value: 'beginner' },
    });
    await addIdaBerg();
    const stop = await screen.findByRole('alert');
    expect(stop).toHaveTextContent(
      'Ida is a beginner; this ride asks for intermediate riders, who canter in control for hours.',
    );
    expect(stop).toHaveFocus();
    expect(api.bodies).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]).toMatchObject({ tourists: [{ first_name: 'Ida', level: 'beginner' }] });
  });

  it('does not stop a rider one level short (a stretch is theirs to take)', async () => {
    const api = addApi(() => Response.json(info));
    await open(api);
    fireEvent.change(screen.getByLabelText('Rider level (optional)'), {
      target: { value: 'novice' },
    });
    await addIdaBerg();
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Add anyway' })).toBeNull();
  });

  it('does not send a weight no horse of the tour carries', async () => {
    const api = addApi(() => Response.json(info));
    await open(api);
    await addIdaBerg('111');
    await waitFor(() =>
      expect(screen.getByLabelText('Weight, kg')).toHaveAccessibleDescription(
        'Riders up to 110\u00a0kg with clothing; Ida weighs 111\u00a0kg',
      ),
    );
    expect(api.bodies).toHaveLength(0);
  });
});

describe('AddTouristsPage cost and companions', () => {
  /** Maya rides, Sam comes along: €1,000 a rider and €400 a non-rider, €500 paid. */
  const family = {
    ...info,
    tour: { ...info.tour, min_age: 12, riding: ridingBrief({ non_riders_welcome: true }) },
    tourists: [
      { id: 1, first_name: 'Maya', last_name: 'Hart', full_name: 'Maya Hart', rides: true },
      { id: 2, first_name: 'Sam', last_name: 'Hart', full_name: 'Sam Hart', rides: false },
    ],
    max_tourists: 4,
  } as unknown as TouristsInfo;
  const booking = {
    id: 812,
    uuid: info.uuid,
    status: 3,
    price: 1400,
    paid: 500,
    currency: 'EUR',
    can_pay: true,
    non_riders: 1,
    non_rider_price: 400,
    tourists: family.tourists,
    tour_date: {
      id: 70,
      tour_id: 7,
      start: '2027-07-12',
      end: '2027-07-19',
      duration: 8,
      currency: 'EUR',
      price: 1000,
      non_rider_price: 400,
      non_rider_places_free: 1,
    },
  };

  function familyApi(shown: object = booking, added: object = family) {
    const bodies: unknown[] = [];
    const fetch = async (request: Request): Promise<Response> => {
      const path = new URL(request.url).pathname;
      if (path === '/crm/api/request/get-by-uuid') return Response.json(shown);
      if (path === '/crm/api/request/add-tourists') {
        bodies.push(await request.json());
        return Response.json(added);
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    };
    return { fetch, bodies };
  }

  const open = async (api: ReturnType<typeof familyApi>, shown = family) => {
    await renderInApp(<AddTouristsPage info={shown} user={owner} emailProof={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    await screen.findByRole('heading', { name: 'Add a rider' }, SLOW_CI);
  };

  it('says the new total and what will be left to pay for a rider, as the form is filled', async () => {
    await open(familyApi());
    expect(
      await screen.findByText(
        'With the new rider: new total €2,400 for 2 riders, 1 non-rider. Paid €500, left to pay: €1,900.',
      ),
    ).toBeInTheDocument();
    fill('First name', 'Ida');
    expect(
      screen.getByText(
        'With Ida: new total €2,400 for 2 riders, 1 non-rider. Paid €500, left to pay: €1,900.',
      ),
    ).toBeInTheDocument();
  });

  it('adds a companion at the agreed price, without weight or level', async () => {
    const api = familyApi();
    await open(api);
    fireEvent.click(await screen.findByRole('radio', { name: 'Comes along without riding' }));
    expect(screen.queryByLabelText('Weight, kg')).toBeNull();
    expect(screen.queryByLabelText('Rider level (optional)')).toBeNull();
    expect(
      screen.getByText(
        'With the companion: new total €1,800 for 1 rider, 2 non-riders. Paid €500, left to pay: €1,300.',
      ),
    ).toBeInTheDocument();
    fill('First name', 'Olga');
    fill('Last name', 'Hart');
    fill('Date of birth', '1950-09-09');
    fireEvent.click(screen.getByRole('button', { name: 'Add companion' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]).toEqual({
      tourists: [{ first_name: 'Olga', last_name: 'Hart', birthday: '1950-09-09', rides: false }],
    });
  });

  it('stops a companion under the tour’s minimum age on the first day, before sending', async () => {
    const api = familyApi();
    await open(api);
    fireEvent.click(await screen.findByRole('radio', { name: 'Comes along without riding' }));
    fill('First name', 'Nina');
    fill('Last name', 'Hart');
    fill('Date of birth', '2020-05-20');
    fireEvent.click(screen.getByRole('button', { name: 'Add companion' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(
        'Everyone must be at least 12 on the first day',
      ),
    );
    expect(api.bodies).toHaveLength(0);
  });

  it('offers only a companion when the seats are gone and a bed is left', async () => {
    await open(familyApi(), { ...family, max_tourists: 2 } as TouristsInfo);
    expect(await screen.findByRole('button', { name: 'Add companion' })).toBeInTheDocument();
    expect(screen.getByText('No more seats are free on this date.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('sends to the organizer for a companion on a booking made without one', async () => {
    const ridersOnly = {
      ...booking,
      price: 1000,
      non_riders: 0,
      non_rider_price: null,
      tourists: [family.tourists[0]],
    };
    await open(familyApi(ridersOnly), {
      ...family,
      tourists: [family.tourists[0]],
    } as TouristsInfo);
    expect(
      await screen.findByText(
        'Write to the organizer to bring a companion who does not ride on this booking.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(
      screen.getByText(
        'With the new rider: new total €2,000 for 2 riders. Paid €500, left to pay: €1,500.',
      ),
    ).toBeInTheDocument();
  });
});

describe('AddTouristsPage fit on the booking’s date (decision 106)', () => {
  /** The booking as its link reads it: a date with `heavy_places_free` heavier horses left. */
  function dateApi(heavyPlacesFree: number) {
    const bodies: unknown[] = [];
    const booking = {
      id: 812,
      uuid: info.uuid,
      status: 3,
      price: 1000,
      paid: 0,
      currency: 'EUR',
      non_riders: 0,
      tourists: info.tourists,
      tour_date: {
        id: 70,
        tour_id: 7,
        start: '2027-07-12',
        end: '2027-07-19',
        duration: 8,
        currency: 'EUR',
        price: 1000,
        heavy_places: 2,
        heavy_places_free: heavyPlacesFree,
      },
    };
    const fetch = async (request: Request): Promise<Response> => {
      const path = new URL(request.url).pathname;
      if (path === '/crm/api/request/get-by-uuid') return Response.json(booking);
      if (path === '/crm/api/request/add-tourists') {
        bodies.push(await request.json());
        return Response.json(info);
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    };
    return { fetch, bodies };
  }

  const open = async (api: ReturnType<typeof dateApi>) => {
    await renderInApp(<AddTouristsPage info={info} user={owner} emailProof={null} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    // The cost line appears once the booking (and its date) is read.
    await screen.findByText(/^With the new rider: new total/u, {}, SLOW_CI);
  };

  it('says a heavy rider is not suitable when the date has no heavier horse left, and sends nothing', async () => {
    const api = dateApi(0);
    await open(api);
    fill('First name', 'Ida');
    fill('Weight, kg', '104');
    expect(document.querySelector('.rider-fit-note')).toHaveTextContent(
      'Not suitable: No horse for riders over 95 kg is left on this date',
    );
    await addIdaBerg('104');
    await waitFor(() =>
      expect(screen.getByLabelText('Weight, kg')).toHaveAccessibleDescription(
        'No horse for riders over 95\u00a0kg is left on this date',
      ),
    );
    expect(api.bodies).toHaveLength(0);
  });

  it('says a heavy rider fits when the date has a heavier horse left', async () => {
    const api = dateApi(1);
    await open(api);
    fill('First name', 'Ida');
    fill('Weight, kg', '104');
    expect(document.querySelector('.rider-fit-note')).toHaveTextContent(/^Fits$/u);
    await addIdaBerg('104');
    await waitFor(() => expect(api.bodies).toHaveLength(1));
  });
});
