import { formatPrice } from '@gallop/currency';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../../../lib/api';
import { ridingBrief } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { bookingQuery, type BookingRequest, type Tourist, type Traveller } from '../../api';
import { RiderEditor } from './rider-editor';

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const rider = (id: number, first: string, extra: Partial<Tourist> = {}): Tourist => ({
  id,
  first_name: first,
  last_name: 'Hart',
  full_name: `${first} Hart`,
  birthday: '1990-04-02',
  weight: 62,
  email: null,
  phone: null,
  food_restriction: null,
  can_edit: true,
  can_delete: id !== 1,
  ...extra,
});

const booking = {
  id: 812,
  uuid: '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60',
  status: 2,
  tour: { id: 7, slug: 'altai-horse-trek-7', name: 'Altai Horse Trek', riding: ridingBrief() },
  tourists: [rider(1, 'Maya'), rider(2, 'Leo')],
  price: 1900,
  currency: 'EUR',
  created_at: '2026-11-20T10:00:00Z',
} as unknown as BookingRequest;

const user = { first_name: 'Maya', last_name: 'Hart', email: 'maya@example.com' } as Traveller;

/** An API whose `update-tourists` answers `answer(body)`; records the bodies sent. */
function ridersApi(answer: (body: { tourists: Json[] }) => Response) {
  const bodies: { tourists: Json[] }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname !== '/crm/api/request/update-tourists') {
      return Response.json({ message: 'Not found' }, { status: 404 });
    }
    expect(url.searchParams.get('request_id')).toBe('812');
    const body = (await request.json()) as { tourists: Json[] };
    bodies.push(body);
    return answer(body);
  };
  return { fetch, bodies };
}
type Json = Record<string, unknown>;

async function open(api: ReturnType<typeof ridersApi>, props: { user?: Traveller } = { user }) {
  const view = await renderInApp(<RiderEditor booking={booking} user={props.user} />, {
    fetch: api.fetch,
    signedIn: props.user !== undefined,
  });
  await screen.findByText('Maya Hart', { exact: false }, SLOW_CI);
  return view;
}

describe('RiderEditor', () => {
  it('offers edit where can_edit and remove where can_delete, and links adding riders', async () => {
    await open(ridersApi(() => Response.json(booking)));
    expect(screen.getByRole('button', { name: 'Edit Maya Hart' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Maya Hart' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Leo Hart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Leo Hart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a rider' })).toHaveAttribute(
      'href',
      `/order/812/add-tourists?uuid=${booking.uuid}`,
    );
  });

  it('writes a rider’s phone as the settings do', async () => {
    await renderInApp(
      <RiderEditor
        booking={
          {
            ...booking,
            tourists: [rider(1, 'Maya', { phone: '+14155550123', email: 'maya@example.com' })],
          } as BookingRequest
        }
        user={user}
      />,
      { fetch: ridersApi(() => Response.json(booking)).fetch, signedIn: true },
    );
    expect(
      await screen.findByText('maya@example.com · +1 415 555 0123', {}, SLOW_CI),
    ).toBeInTheDocument();
  });

  it('offers the owner’s actions only to the owner signed in', async () => {
    await open(
      ridersApi(() => Response.json(booking)),
      {},
    );
    expect(screen.queryByRole('button', { name: /^(Edit|Remove) / })).not.toBeInTheDocument();
  });

  it('saves an edited rider with the others unchanged and shows the new price', async () => {
    const api = ridersApi((body) =>
      Response.json({
        ...booking,
        price: 2000,
        tourists: [rider(1, 'Maya'), rider(2, String(body.tourists[1]!.first_name))],
      }),
    );
    await open(api);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Leo Hart' }));
    const form = screen.getByRole('form', { name: 'Edit Leo Hart' });
    expect(within(form).getByLabelText('First name')).toHaveValue('Leo');
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Leon' } });
    fireEvent.change(within(form).getByLabelText('Food restriction (optional)'), {
      target: { value: 'No gluten' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rider' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      `New total: ${formatPrice(2000, 'EUR')}`,
    );
    expect(api.bodies[0]!.tourists).toEqual([
      { id: 1, first_name: 'Maya', last_name: 'Hart', birthday: '1990-04-02', weight: 62 },
      {
        id: 2,
        first_name: 'Leon',
        last_name: 'Hart',
        birthday: '1990-04-02',
        weight: 62,
        food_restriction: 'No gluten',
      },
    ]);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('drops the saved notice once the booking moves on under it (cancelled by the organizer)', async () => {
    const api = ridersApi(() => Response.json({ ...booking, price: 3200 }));
    // As the booking page does: the booking is read from its query, which a live update rewrites
    // (the button stands in for the organizer's cancel arriving while the page is open).
    function PageStandIn() {
      const queryClient = useQueryClient();
      const query = bookingQuery(useApi(), booking.id);
      const { data } = useQuery({ ...query, initialData: booking, staleTime: Infinity });
      return (
        <>
          <RiderEditor booking={data} user={user} />
          <button
            type="button"
            onClick={() => queryClient.setQueryData(query.queryKey, { ...data, status: 6 })}
          >
            Organizer cancels
          </button>
        </>
      );
    }
    await renderInApp(<PageStandIn />, { fetch: api.fetch, signedIn: true });
    await screen.findByText('Maya Hart', { exact: false }, SLOW_CI);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Leo Hart' }));
    const form = screen.getByRole('form', { name: 'Edit Leo Hart' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rider' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `New total: ${formatPrice(3200, 'EUR')}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Organizer cancels' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByText(/Riders saved/)).toBeNull();
  });

  it('checks an edited rider with the form rules before sending', async () => {
    const api = ridersApi(() => Response.json(booking));
    await open(api);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Maya Hart' }));
    const form = screen.getByRole('form', { name: 'Edit Maya Hart' });
    fireEvent.change(within(form).getByLabelText('Weight, kg'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rider' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Weight, kg')).toHaveAccessibleDescription(
        'Required field',
      ),
    );
    expect(api.bodies).toHaveLength(0);
  });

  it('removes a rider only after confirming, sending the others', async () => {
    const api = ridersApi(() =>
      Response.json({ ...booking, price: 950, tourists: [rider(1, 'Maya')] }),
    );
    await open(api);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Leo Hart' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Leo Hart?' });
    expect(api.bodies).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove rider' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      `New total: ${formatPrice(950, 'EUR')}`,
    );
    expect(api.bodies[0]!.tourists).toEqual([
      { id: 1, first_name: 'Maya', last_name: 'Hart', birthday: '1990-04-02', weight: 62 },
    ]);
  });

  it('shows the API’s message when it refuses the change', async () => {
    const message = 'This booking is paid: write to support to remove a rider and get a refund';
    await open(ridersApi(() => Response.json({ message }, { status: 409 })));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Leo Hart' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Leo Hart?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove rider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('shows a 422 about seats with its message', async () => {
    const message = 'No seats are left on this date';
    await open(
      ridersApi(() => Response.json({ message, errors: { tourists: [message] } }, { status: 422 })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Leo Hart' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save rider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('RiderEditor rider fit', () => {
  // Leo rides a heavier horse (100 kg; standard horses to 95 kg) on a date with none left.
  const heavy = {
    ...booking,
    tour_date: { id: 70, start: '2027-07-12', end: '2027-07-19', heavy_places_free: 0 },
    tourists: [rider(1, 'Maya', { level: 'novice' }), rider(2, 'Leo', { weight: 100 })],
  } as unknown as BookingRequest;

  const openHeavy = async (api: ReturnType<typeof ridersApi>, shown: BookingRequest = heavy) => {
    await renderInApp(<RiderEditor booking={shown} user={user} />, {
      fetch: api.fetch,
      signedIn: true,
    });
    await screen.findByText('Maya Hart', { exact: false }, SLOW_CI);
  };

  it('shows each rider’s level and edits it', async () => {
    const api = ridersApi(() => Response.json(heavy));
    await openHeavy(api);
    expect(screen.getByText('Maya Hart', { exact: false })).toHaveTextContent(
      'Maya Hart, born 2 Apr 1990, 62 kg, Novice level',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Maya Hart' }));
    const form = screen.getByRole('form', { name: 'Edit Maya Hart' });
    const level = within(form).getByLabelText('Rider level (optional)');
    expect(level).toHaveValue('novice');
    fireEvent.change(level, { target: { value: 'intermediate' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rider' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]!.tourists[0]).toMatchObject({ id: 1, level: 'intermediate' });
  });

  it('stops a save that makes a rider two levels short once, kindly; "Save anyway" saves', async () => {
    const api = ridersApi(() => Response.json(heavy));
    await openHeavy(api);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Maya Hart' }));
    const form = screen.getByRole('form', { name: 'Edit Maya Hart' });
    fireEvent.change(within(form).getByLabelText('Rider level (optional)'), {
      target: { value: 'beginner' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rider' }));
    const stop = await within(form).findByRole('alert');
    expect(stop).toHaveTextContent(
      'Maya is a beginner; this ride asks for intermediate riders, who canter in control for hours.',
    );
    expect(api.bodies).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.bodies).toHaveLength(1));
    expect(api.bodies[0]!.tourists[0]).toMatchObject({ id: 1, level: 'beginner' });
  });

  it('keeps the heavier horse a rider holds, and says when a new weight finds none', async () => {
    const api = ridersApi(() => Response.json(heavy));
    await openHeavy(api);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Leo Hart' }));
    const form = screen.getByRole('form', { name: 'Edit Leo Hart' });
    const weight = within(form).getByLabelText('Weight, kg');
    fireEvent.change(weight, { target: { value: '104' } });
    // Leo's own heavier horse is still his.
    expect(form.querySelector('.rider-fit-note')).toHaveTextContent(/^Fits$/);
    fireEvent.change(weight, { target: { value: '112' } });
    expect(form.querySelector('.rider-fit-note')).toHaveTextContent(
      'Not suitable: Riders up to 110 kg with clothing; Leo weighs 112 kg',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save rider' }));
    await waitFor(() =>
      expect(weight).toHaveAccessibleDescription(
        'Riders up to 110\u00a0kg with clothing; Leo weighs 112\u00a0kg',
      ),
    );
    expect(api.bodies).toHaveLength(0);
  });

  it('shows the API’s refusal of the edited rider’s weight at the field', async () => {
    // The page still counts a heavier horse free; another booking took it meanwhile.
    const text = 'No horse for riders over 95 kg (209 lb) is left on this date';
    const api = ridersApi(() =>
      Response.json({ message: text, errors: { 'tourists.0.weight': [text] } }, { status: 422 }),
    );
    await openHeavy(api, {
      ...heavy,
      tour_date: { ...heavy.tour_date!, heavy_places_free: 1 },
    } as BookingRequest);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Maya Hart' }));
    const form = screen.getByRole('form', { name: 'Edit Maya Hart' });
    fireEvent.change(within(form).getByLabelText('Weight, kg'), { target: { value: '99' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rider' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Weight, kg')).toHaveAccessibleDescription(text),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('RiderEditor for anyone else holding the link (decisions 137, 165)', () => {
  /** The booking as a link reader gets it: no weights, nothing to remove. */
  const byLink = {
    ...booking,
    reader: 'link',
    tourists: [
      rider(1, 'Maya', { weight: null, can_delete: false }),
      rider(2, 'Leo', { weight: null, can_delete: false }),
    ],
  } as BookingRequest;

  function questionnaireApi() {
    const calls: { url: URL; body: { tourists: Json[] } }[] = [];
    const fetch = async (request: Request): Promise<Response> => {
      const url = new URL(request.url);
      if (url.pathname === '/crm/api/request/update-tourists-questionnaires') {
        calls.push({ url, body: (await request.json()) as { tourists: Json[] } });
        return Response.json({ uuid: booking.uuid, request_id: 812, tourists: [] });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    };
    return { fetch, calls };
  }

  it.each([
    ['signed in as another account', user],
    ['signed out', undefined],
  ])(
    'edits a rider’s details without a weight, through the questionnaires, %s',
    async (_, reader) => {
      const api = questionnaireApi();
      await renderInApp(<RiderEditor booking={byLink} user={reader} />, {
        fetch: api.fetch,
        signedIn: reader !== undefined,
      });
      await screen.findByText('Maya Hart', { exact: false }, SLOW_CI);
      expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Add a rider' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Edit Leo Hart' }));
      const form = screen.getByRole('form', { name: 'Edit Leo Hart' });
      expect(within(form).queryByLabelText('Weight, kg')).toBeNull();
      fireEvent.change(within(form).getByLabelText('Food restriction (optional)'), {
        target: { value: 'Vegan' },
      });
      fireEvent.click(within(form).getByRole('button', { name: 'Save rider' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        /^Riders saved\. The organizer sees the change\.$/u,
      );
      expect(api.calls).toHaveLength(1);
      expect(api.calls[0]!.url.searchParams.get('id')).toBe('812');
      expect(api.calls[0]!.url.searchParams.get('uuid')).toBe(booking.uuid);
      expect(api.calls[0]!.body).toEqual({
        tourists: [
          {
            id: 2,
            first_name: 'Leo',
            last_name: 'Hart',
            birthday: '1990-04-02',
            food_restriction: 'Vegan',
          },
        ],
      });
    },
  );
});
