import { ApiError, createGallopClient } from '@gallop/api-client';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApiWithPosts } from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { HttpError } from '../../../../lib/http-error';
import { loadFollowConfirmation } from '../../follow-confirmation';
import type { TourFollowing } from '../../unfollow';
import { FollowLinkError, FollowPage } from './follow-page';

const CONFIRM = '/spa/confirm-tour-follow';
const tour = { id: 7, name: 'Thar Desert Riding Expedition', slug: 'thar-desert-riding' };
const pending: TourFollowing = { tour, email: 'rider@example.com', following: false };

describe('FollowPage', () => {
  it('asks first, then follows on a click and links back to the tour', async () => {
    const api = createFakeApiWithPosts({
      [CONFIRM]: { status: 200, body: { result: true, tour } },
    });
    await renderInApp(<FollowPage token="signed.token" following={pending} />, {
      fetch: api.fetch,
    });
    expect(
      await screen.findByRole('heading', { name: `Follow ${tour.name}?` }),
    ).toBeInTheDocument();
    expect(screen.getByText('rider@example.com')).toBeInTheDocument();
    // Opening the page sends nothing: a mail scanner following the link subscribes nobody.
    expect(api.sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    const done = await screen.findByRole('heading', { name: `You are following ${tour.name}` });
    // Focus moves in an effect after the confirmation renders.
    await waitFor(() => expect(done).toHaveFocus());
    expect(api.sent).toEqual([{ path: CONFIRM, body: { token: 'signed.token' } }]);
    expect(screen.getByText(/The programme is on its way to/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Back to ${tour.name}` })).toHaveAttribute(
      'href',
      `/${tour.slug}`,
    );
  });

  it('says so at once when the address follows the tour already', async () => {
    await renderInApp(
      <FollowPage token="signed.token" following={{ ...pending, following: true }} />,
    );
    expect(
      await screen.findByRole('heading', { name: `You already follow ${tour.name}` }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the API's refusal and keeps the button", async () => {
    const api = createFakeApiWithPosts({
      [CONFIRM]: {
        status: 422,
        body: { message: 'This follow link is not valid', errors: { token: ['Too old'] } },
      },
    });
    await renderInApp(<FollowPage token="old" following={pending} />, { fetch: api.fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This follow link is not valid');
    expect(screen.getByRole('button', { name: 'Follow' })).toBeEnabled();
  });

  it('explains a link that does not work', async () => {
    await renderInApp(<FollowLinkError />);
    expect(
      await screen.findByRole('heading', { name: 'This link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/more than 7 days old/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back home' })).toHaveAttribute('href', '/');
  });
});

describe('loadFollowConfirmation', () => {
  const apiAnswering = (answer: () => Response) =>
    createGallopClient({
      throwOnError: true,
      baseUrl: 'http://api.test',
      locale: { iso: 'en', localizationId: 1 },
      currency: 'USD',
      fetch: async () => answer(),
    });
  const load = (api: ReturnType<typeof apiAnswering>, token: string) =>
    loadFollowConfirmation(new QueryClient(), api, token);

  it('makes a missing or refused token a 404, and keeps other failures', async () => {
    const ok = apiAnswering(() => Response.json(pending));
    await expect(load(ok, 'good')).resolves.toBeUndefined();
    await expect(load(ok, '')).rejects.toMatchObject({ status: 404 });
    const refused = apiAnswering(() =>
      Response.json({ message: 'This follow link is not valid' }, { status: 422 }),
    );
    const error = await load(refused, 'forged').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, message: 'This follow link is not valid' });
    const down = apiAnswering(() => Response.json({ message: 'Down' }, { status: 503 }));
    await expect(load(down, 'good')).rejects.toBeInstanceOf(ApiError);
  });
});
