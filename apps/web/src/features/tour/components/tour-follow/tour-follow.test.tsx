import { createGallopClient } from '@gallop/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { RouterContext } from '../../../../router';
import { fakeAnswers } from '../../../../lib/testing/fake-api';
import {
  createFakeApiWithPosts,
  type FakePostAnswer,
} from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { TourActions } from '../tour-actions/tour-actions';
import { FollowTourCard } from './follow-tour-card';
import { FollowTourForm } from './follow-tour-form';
import { individualTourUuid } from './individual-tour-uuid';

const tour = { id: 99, name: 'Thar Desert Riding Expedition' };
const SUBSCRIBE = '/spa/subscribe-tour-program';
const OFFER_UUID = '3f5b8c1e-2d4a-4b6f-9e1c-7a8d9b0c1d2e';

/** The API's answer: `following` for the signed-in visitor's own confirmed address. */
const subscribed = (subscriberId: string, following = true): Record<string, FakePostAnswer> => ({
  [SUBSCRIBE]: { status: 200, body: { result: true, subscriber_id: subscriberId, following } },
});

function clearSubscriberCookie() {
  document.cookie = 'subscriber_id=; max-age=0; path=/';
}

async function follow(scope: HTMLElement, email: string) {
  fireEvent.change(await within(scope).findByLabelText('E-mail'), { target: { value: email } });
  const button = within(scope).getByRole('button', { name: 'Follow' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

afterEach(clearSubscriberCookie);

describe('following a tour by e-mail', () => {
  it('sends the tour and the currency, then keeps the subscriber id in its cookie', async () => {
    const api = createFakeApiWithPosts(subscribed('sub-new-1'));
    await renderInApp(<FollowTourCard tourId={tour.id} tourName={tour.name} />, {
      fetch: api.fetch,
    });
    const card = await screen.findByRole('region', { name: 'Follow this tour' });
    await follow(card, '  rider@example.com ');
    const done = await within(card).findByRole('status');
    expect(done).toHaveTextContent('You are following this tour');
    expect(done).toHaveTextContent(
      `The programme of ${tour.name} is on its way to rider@example.com`,
    );
    // Focus moves in an effect after the confirmation renders.
    await waitFor(() => expect(done).toHaveFocus());
    expect(api.sent).toEqual([
      { path: SUBSCRIBE, body: { email: 'rider@example.com', tour_id: 99, currency: 'USD' } },
    ]);
    expect(document.cookie).toContain('subscriber_id=sub-new-1');
  });

  it('asks to confirm from the inbox when the address is not proven, and keeps the subscriber id', async () => {
    const api = createFakeApiWithPosts(subscribed('sub-asked-4', false));
    await renderInApp(<FollowTourCard tourId={tour.id} tourName={tour.name} />, {
      fetch: api.fetch,
    });
    const card = await screen.findByRole('region', { name: 'Follow this tour' });
    await follow(card, 'rider@example.com');
    const done = await within(card).findByRole('status');
    expect(done).toHaveTextContent('Check your inbox');
    expect(done).toHaveTextContent(
      `We sent a link to rider@example.com. Open it and press Follow: the programme of ${tour.name} comes then`,
    );
    expect(done).not.toHaveTextContent('You are following');
    await waitFor(() => expect(done).toHaveFocus());
    expect(document.cookie).toContain('subscriber_id=sub-asked-4');
  });

  it('sends the stored subscriber id back', async () => {
    document.cookie = 'subscriber_id=sub-known-7; path=/';
    const api = createFakeApiWithPosts(subscribed('sub-known-7'));
    await renderInApp(<FollowTourForm tour={tour} />, { fetch: api.fetch });
    await follow(document.body, 'rider@example.com');
    await screen.findByRole('status');
    expect(api.sent).toEqual([
      {
        path: SUBSCRIBE,
        body: {
          email: 'rider@example.com',
          tour_id: 99,
          currency: 'USD',
          subscriber_id: 'sub-known-7',
        },
      },
    ]);
    expect(document.cookie).toContain('subscriber_id=sub-known-7');
  });

  it('sends the offer uuid on an individual tour page', async () => {
    const api = createFakeApiWithPosts(subscribed('sub-offer-2'));
    const client = createGallopClient({
      throwOnError: true,
      baseUrl: 'http://api.test',
      locale: { iso: 'en', localizationId: 1 },
      currency: 'USD',
      fetch: api.fetch,
    });
    const rootRoute = createRootRouteWithContext<Pick<RouterContext, 'api' | 'queryClient'>>()();
    const offerRoute = createRoute({
      getParentRoute: () => rootRoute,
      path: '/order/$uuid/individual-tour',
      component: () => <FollowTourForm tour={tour} />,
    });
    const router = createRouter({
      routeTree: rootRoute.addChildren([offerRoute]),
      history: createMemoryHistory({
        initialEntries: [`/order/${OFFER_UUID}/individual-tour`],
      }),
      context: { api: client, queryClient: new QueryClient() },
    });
    render(
      <JotaiProvider>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </JotaiProvider>,
    );
    await follow(document.body, 'rider@example.com');
    await screen.findByRole('status');
    expect(api.sent).toEqual([
      {
        path: SUBSCRIBE,
        body: { email: 'rider@example.com', tour_id: 99, currency: 'USD', uuid: OFFER_UUID },
      },
    ]);
  });

  it('shows the spec validation messages and sends nothing while they fail', async () => {
    const api = createFakeApiWithPosts({});
    await renderInApp(<FollowTourForm tour={tour} />, { fetch: api.fetch });
    await follow(document.body, '');
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    await follow(document.body, 'rider@');
    expect(await screen.findByText('Please enter a valid e-mail')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
    expect(document.cookie).not.toContain('subscriber_id');
  });

  it("shows the API's refusal under the form and keeps what was typed", async () => {
    const api = createFakeApiWithPosts({
      [SUBSCRIBE]: {
        status: 422,
        body: { message: 'Tour not found', errors: { tour_id: ['Tour not found'] } },
      },
    });
    await renderInApp(<FollowTourForm tour={tour} />, { fetch: api.fetch });
    await follow(document.body, 'rider@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tour not found');
    expect(screen.getByLabelText('E-mail')).toHaveValue('rider@example.com');
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.cookie).not.toContain('subscriber_id');
  });

  it('says so when the API limits the visitor (429), and the e-mail can be sent again', async () => {
    const api = createFakeApiWithPosts({
      [SUBSCRIBE]: {
        status: 429,
        body: {
          message: 'Too many requests. Please confirm you are not a robot.',
          type: 'captcha',
        },
      },
    });
    await renderInApp(<FollowTourForm tour={tour} />, { fetch: api.fetch });
    await follow(document.body, 'rider@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests from this device. Send again and confirm you are not a robot.',
    );
    expect(screen.getByLabelText('E-mail')).toHaveValue('rider@example.com');
    expect(screen.getByRole('button', { name: 'Follow' })).toBeEnabled();
  });

  it('opens from the tour actions beside the programme order, and closes with Done', async () => {
    const api = createFakeApiWithPosts(subscribed('sub-modal-3'), fakeAnswers);
    await renderInApp(<TourActions tour={tour} />, { fetch: api.fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Follow this tour' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Follow this tour' },
      { timeout: 15_000 },
    );
    await follow(dialog, 'rider@example.com');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('rider@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent).toHaveLength(1);
  });
});

describe('individualTourUuid', () => {
  it("reads the offer's uuid from the individual tour route only", () => {
    expect(
      individualTourUuid([
        { routeId: '__root__', params: { uuid: OFFER_UUID } },
        { routeId: '/order/$uuid/individual-tour', params: { uuid: OFFER_UUID } },
      ]),
    ).toBe(OFFER_UUID);
    expect(individualTourUuid([{ routeId: '/$slug', params: { slug: 'ride-7' } }])).toBeUndefined();
    expect(
      individualTourUuid([{ routeId: '/booking/uuid/$uuid', params: { uuid: OFFER_UUID } }]),
    ).toBeUndefined();
  });
});
