import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { TouristsInfo, Traveller } from '../../api';
import { AddTouristsPage } from './add-tourists-page';

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const info = {
  uuid: '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60',
  request_id: 812,
  tour: { id: 7, slug: 'altai-horse-trek-7', name: 'Altai Horse Trek' },
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

/** Fills the rider form with Ida Berg and sends it. */
async function addIdaBerg() {
  await screen.findByRole('heading', { name: 'Add a rider' }, SLOW_CI);
  fill('First name', 'Ida');
  fill('Last name', 'Berg');
  fill('Date of birth', '1992-09-14');
  fill('Weight, kg', '58');
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
