import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAnswers } from '../../../../lib/testing/fake-api';
import {
  createFakeApiWithPosts,
  type FakePostAnswer,
} from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { TourActions } from './tour-actions';

const tour = { id: 99, name: 'Thar Desert Riding Expedition' };

/** A fake API whose POST answers are chosen per path; GETs answer as usual. */
function apiWith(posts: Record<string, FakePostAnswer>, whatsapp = false) {
  return createFakeApiWithPosts(posts, {
    ...fakeAnswers,
    '/spa/site-tokens': { send_tour_program_in_pdf_via_whatsapp: whatsapp },
  });
}

/** Presses a dialog's submit button once it is enabled (it waits for the site's settings). */
async function submit(dialog: HTMLElement, name: string) {
  const button = within(dialog).getByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

async function openDialog(name: RegExp) {
  fireEvent.click(await screen.findByRole('button', { name }));
  // The form's chunk is imported on first open (the phone input is large): allow for it.
  return screen.findByRole('dialog', {}, { timeout: 15_000 });
}

// The first dialog imports its form's chunk (up to 15 s on a busy machine, see `openDialog`).
describe('the tour programme order', { timeout: 20_000 }, () => {
  it('shows the spec validation messages and sends nothing while they fail', async () => {
    const api = apiWith({});
    await renderInApp(<TourActions tour={tour} />, { fetch: api.fetch });
    const dialog = await openDialog(/get the tour programme/i);
    await submit(dialog, 'Send the programme');
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'rider@' } });
    await submit(dialog, 'Send the programme');
    expect(await within(dialog).findByText('Please enter a valid e-mail')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('sends the email with the visitor currency and shows where it went', async () => {
    const api = apiWith({
      '/spa/tour-program-order-via-email': { status: 200, body: { result: true, request_id: 41 } },
    });
    await renderInApp(<TourActions tour={tour} />, { fetch: api.fetch });
    const dialog = await openDialog(/get the tour programme/i);
    fireEvent.change(within(dialog).getByLabelText('E-mail'), {
      target: { value: 'rider@example.com' },
    });
    await submit(dialog, 'Send the programme');
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent('is on its way to rider@example.com');
    expect(done).toHaveTextContent('Request number 41.');
    expect(api.sent).toEqual([
      {
        path: '/spa/tour-program-order-via-email',
        body: { email: 'rider@example.com', tour_id: 99, currency: 'USD' },
      },
    ]);
  });

  it('offers no WhatsApp when the site sends programmes by e-mail only', async () => {
    const api = apiWith({});
    await renderInApp(<TourActions tour={tour} />, { fetch: api.fetch });
    const dialog = await openDialog(/get the tour programme/i);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Send the programme' })).toBeEnabled(),
    );
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).getByText(/e-mail you the programme as a PDF/)).toBeInTheDocument();
  });

  it('sends by e-mail by default when the site also offers WhatsApp', async () => {
    const api = apiWith(
      {
        '/spa/tour-program-order-via-email': {
          status: 200,
          body: { result: true, request_id: 42 },
        },
      },
      true,
    );
    await renderInApp(<TourActions tour={tour} />, { fetch: api.fetch });
    const dialog = await openDialog(/get the tour programme/i);
    const email = await within(dialog).findByRole('radio', { name: 'By e-mail' });
    expect(email).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'By WhatsApp' })).not.toBeChecked();
    fireEvent.change(within(dialog).getByLabelText('E-mail'), {
      target: { value: 'rider@example.com' },
    });
    await submit(dialog, 'Send the programme');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'is on its way to rider@example.com',
    );
    expect(api.sent).toEqual([
      {
        path: '/spa/tour-program-order-via-email',
        body: { email: 'rider@example.com', tour_id: 99, currency: 'USD' },
      },
    ]);
  });

  it('sends by WhatsApp when the visitor chooses it: the number is needed, the e-mail is not', async () => {
    const api = apiWith(
      {
        '/spa/tour-program-order-via-whatsapp': {
          status: 200,
          body: { result: true, request_id: 43 },
        },
      },
      true,
    );
    await renderInApp(<TourActions tour={tour} />, { fetch: api.fetch });
    const dialog = await openDialog(/get the tour programme/i);
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'By WhatsApp' }));
    expect(within(dialog).getByText(/as a PDF to your WhatsApp/)).toBeInTheDocument();
    await submit(dialog, 'Send the programme');
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('WhatsApp number'), {
      target: { value: '+14155550142' },
    });
    await submit(dialog, 'Send the programme');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'is on its way by WhatsApp to +14155550142',
    );
    expect(api.sent).toEqual([
      {
        path: '/spa/tour-program-order-via-whatsapp',
        body: { tour_id: 99, currency: 'USD', phone: '+14155550142' },
      },
    ]);
  });

  it('shows the server message when the API refuses', async () => {
    const api = apiWith({
      '/spa/tour-program-order-via-email': {
        status: 422,
        body: { message: 'Tour not found', errors: { tour_id: ['Tour not found'] } },
      },
    });
    await renderInApp(<TourActions tour={tour} />, { fetch: api.fetch });
    const dialog = await openDialog(/get the tour programme/i);
    fireEvent.change(within(dialog).getByLabelText('E-mail'), {
      target: { value: 'rider@example.com' },
    });
    await submit(dialog, 'Send the programme');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tour not found');
  });
});

describe('the complaint form', () => {
  it('needs a text, then sends it and thanks the visitor', async () => {
    const api = apiWith({ '/crm/api/tour/complaint': { status: 200, body: { result: true } } });
    await renderInApp(<TourActions tour={tour} />, { fetch: api.fetch });
    const dialog = await openDialog(/report a problem/i);
    await submit(dialog, 'Send');
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('What is the problem?'), {
      target: { value: '  The photos show another ranch.  ' },
    });
    await submit(dialog, 'Send');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Thank you.');
    await waitFor(() =>
      expect(api.sent).toEqual([
        {
          path: '/crm/api/tour/complaint',
          body: { tour_id: 99, text: 'The photos show another ranch.' },
        },
      ]),
    );
  });
});
