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
