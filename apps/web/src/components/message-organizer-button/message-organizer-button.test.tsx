import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../lib/testing/render-in-app';
import { MessageOrganizerButton } from './message-organizer-button';

/** The first render waits for the router; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };
/** Each test types into a dialog and waits for a navigation. */
const LONG = 20_000;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An API whose chat opening fails with no answer first (when asked), then answers chat 31. */
function chatApi({ firstFails = false } = {}) {
  const bodies: Record<string, unknown>[] = [];
  let calls = 0;
  return {
    bodies,
    fetch: async (request: Request) => {
      if (!new URL(request.url).pathname.endsWith('/crm/api/chat/get-chat-with-organizer')) {
        return json(404, { message: 'Not found' });
      }
      bodies.push((await request.json()) as Record<string, unknown>);
      calls += 1;
      if (firstFails && calls === 1) throw new TypeError('Failed to fetch');
      return json(200, { id: 31, title: 'Andes Trails', unread_count: 0, is_frozen: false });
    },
  };
}

const TOUR = { id: 77, name: 'Iceland Highland Trail' };

describe('MessageOrganizerButton', () => {
  it(
    'asks the question about the tour and opens the chat with it sent',
    async () => {
      const api = chatApi();
      const { router } = await renderInApp(<MessageOrganizerButton organizerId={5} tour={TOUR} />, {
        fetch: api.fetch,
        signedIn: true,
      });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Message the organizer' }, SLOW_CI),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Message the organizer' });
      expect(dialog).toHaveTextContent('About Iceland Highland Trail');
      const send = screen.getByRole('button', { name: 'Send message' });
      expect(send).toBeDisabled();
      await userEvent.type(screen.getByLabelText('Your question'), 'Is a beginner welcome?');
      await userEvent.click(send);

      await waitFor(() => expect(router.state.location.pathname).toBe('/chat/31'));
      expect(api.bodies).toEqual([
        {
          organizer_id: 5,
          tour_id: 77,
          message: 'Is a beginner welcome?',
          client_id: expect.any(String),
        },
      ]);
    },
    LONG,
  );

  it(
    'sends the question again with the same client id after a failure, so it is stored once',
    async () => {
      const api = chatApi({ firstFails: true });
      const { router } = await renderInApp(<MessageOrganizerButton organizerId={5} tour={TOUR} />, {
        fetch: api.fetch,
        signedIn: true,
      });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Message the organizer' }, SLOW_CI),
      );
      await userEvent.type(await screen.findByLabelText('Your question'), 'Horses for kids?');
      await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
      expect(await screen.findByRole('alert')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');

      await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/chat/31'));
      expect(api.bodies).toHaveLength(2);
      expect(api.bodies[1]).toEqual(api.bodies[0]);
    },
    LONG,
  );

  it(
    'opens the chat straight away without a tour',
    async () => {
      const api = chatApi();
      const { router } = await renderInApp(<MessageOrganizerButton organizerId={5} tourId={9} />, {
        fetch: api.fetch,
        signedIn: true,
      });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Message the organizer' }, SLOW_CI),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/chat/31'));
      expect(api.bodies).toEqual([{ organizer_id: 5, tour_id: 9 }]);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    LONG,
  );

  it(
    'sends a signed-out visitor to sign in first',
    async () => {
      const api = chatApi();
      const { router } = await renderInApp(<MessageOrganizerButton organizerId={5} tour={TOUR} />, {
        fetch: api.fetch,
      });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Message the organizer' }, SLOW_CI),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.search).toEqual({ redirect: '/#message-organizer-5' });
      expect(api.bodies).toEqual([]);
    },
    LONG,
  );

  it(
    'goes on with the question once the visitor is back signed in',
    async () => {
      const api = chatApi();
      const { router } = await renderInApp(<MessageOrganizerButton organizerId={5} tour={TOUR} />, {
        fetch: api.fetch,
        signedIn: true,
      });
      await screen.findByRole('button', { name: 'Message the organizer' }, SLOW_CI);
      expect(screen.queryByRole('dialog')).toBeNull();
      // Where the sign-in page returns to: this page, marked for this organizer's button.
      await router.navigate({ to: '/', hash: 'message-organizer-5' });
      expect(
        await screen.findByRole('dialog', { name: 'Message the organizer' }),
      ).toHaveTextContent('About Iceland Highland Trail');
      expect(router.state.location.hash).toBe('');
    },
    LONG,
  );
});
