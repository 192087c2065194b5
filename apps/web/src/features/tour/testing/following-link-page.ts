import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { createFakeApiWithPosts } from '../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../lib/testing/render-in-app';
import type { TourFollowing } from '../following-link';

/** The token of the link the page tests open. */
export const LINK_TOKEN = 'signed.token';
export const linkTour = {
  id: 7,
  name: 'Thar Desert Riding Expedition',
  slug: 'thar-desert-riding',
};

/** What a following link is about, as its page gets it: `following` says what the address does now. */
export const tourFollowing = (following: boolean): TourFollowing => ({
  tour: linkTour,
  email: 'rider@example.com',
  following,
});

/**
 * A following link's page (`/follow`, `/unfollow`) opened with `LINK_TOKEN` asks first and sends
 * nothing (a mail scanner following the link changes nothing); `button` sends the token once to
 * `path`, then the `done` heading takes the focus and links back to the tour.
 */
export async function expectAsksThenSends(
  page: ReactElement,
  {
    path,
    question,
    button,
    done,
  }: { path: string; question: string; button: string; done: string },
) {
  const api = createFakeApiWithPosts({
    [path]: { status: 200, body: { result: true, tour: linkTour } },
  });
  await renderInApp(page, { fetch: api.fetch });
  expect(await screen.findByRole('heading', { name: question })).toBeInTheDocument();
  expect(screen.getByText('rider@example.com')).toBeInTheDocument();
  expect(api.sent).toEqual([]);

  fireEvent.click(screen.getByRole('button', { name: button }));
  const confirmation = await screen.findByRole('heading', { name: done });
  // Focus moves in an effect after the confirmation renders.
  await waitFor(() => expect(confirmation).toHaveFocus());
  expect(api.sent).toEqual([{ path, body: { token: LINK_TOKEN } }]);
  expect(screen.getByRole('link', { name: `Back to ${linkTour.name}` })).toHaveAttribute(
    'href',
    `/${linkTour.slug}`,
  );
}
