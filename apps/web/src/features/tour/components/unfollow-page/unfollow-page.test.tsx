import { ApiError, createGallopClient } from '@gallop/api-client';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApiWithPosts } from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { HttpError } from '../../../../lib/http-error';
import { loadTourFollowing, type TourFollowing } from '../../unfollow';
import { UnfollowLinkError, UnfollowPage } from './unfollow-page';

const UNSUBSCRIBE = '/spa/unsubscribe-tour-program';
const tour = { id: 7, name: 'Thar Desert Riding Expedition', slug: 'thar-desert-riding' };
const following: TourFollowing = { tour, email: 'rider@example.com', following: true };

describe('UnfollowPage', () => {
  it('asks first, then stops the e-mails on a click and links back to the tour', async () => {
    const api = createFakeApiWithPosts({
      [UNSUBSCRIBE]: { status: 200, body: { result: true, tour } },
    });
    await renderInApp(<UnfollowPage token="signed.token" following={following} />, {
      fetch: api.fetch,
    });
    expect(
      await screen.findByRole('heading', { name: `Stop e-mails about ${tour.name}?` }),
    ).toBeInTheDocument();
    expect(screen.getByText('rider@example.com')).toBeInTheDocument();
    // Opening the page sends nothing: a mail scanner following the link unfollows nobody.
    expect(api.sent).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Stop e-mails' }));
    const done = await screen.findByRole('heading', {
      name: `You will no longer get e-mails about ${tour.name}`,
    });
    // Focus moves in an effect after the confirmation renders.
    await waitFor(() => expect(done).toHaveFocus());
    expect(api.sent).toEqual([{ path: UNSUBSCRIBE, body: { token: 'signed.token' } }]);
    expect(screen.getByRole('link', { name: `Back to ${tour.name}` })).toHaveAttribute(
      'href',
      `/${tour.slug}`,
    );
  });

  it('says so at once when the address no longer follows the tour', async () => {
    await renderInApp(
      <UnfollowPage token="signed.token" following={{ ...following, following: false }} />,
    );
    expect(
      await screen.findByRole('heading', {
        name: `You will no longer get e-mails about ${tour.name}`,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the API's refusal and keeps the button", async () => {
    const api = createFakeApiWithPosts({
      [UNSUBSCRIBE]: {
        status: 422,
        body: { message: 'This unfollow link is not valid', errors: { token: ['Altered'] } },
      },
    });
    await renderInApp(<UnfollowPage token="bad" following={following} />, { fetch: api.fetch });
    fireEvent.click(await screen.findByRole('button', { name: 'Stop e-mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unfollow link is not valid');
    expect(screen.getByRole('button', { name: 'Stop e-mails' })).toBeEnabled();
  });

  it('explains a link that does not work', async () => {
    await renderInApp(<UnfollowLinkError />);
    expect(
      await screen.findByRole('heading', { name: 'This link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back home' })).toHaveAttribute('href', '/');
  });
});

describe('loadTourFollowing', () => {
  const apiAnswering = (answer: () => Response) =>
    createGallopClient({
      throwOnError: true,
      baseUrl: 'http://api.test',
      locale: { iso: 'en', localizationId: 1 },
      currency: 'USD',
      fetch: async () => answer(),
    });
  const load = (api: ReturnType<typeof apiAnswering>, token: string) =>
    loadTourFollowing(new QueryClient(), api, token);

  it('makes a missing or refused token a 404, and keeps other failures', async () => {
    const ok = apiAnswering(() => Response.json(following));
    await expect(load(ok, 'good')).resolves.toBeUndefined();
    await expect(load(ok, '')).rejects.toMatchObject({ status: 404 });
    const refused = apiAnswering(() =>
      Response.json({ message: 'This unfollow link is not valid' }, { status: 422 }),
    );
    const error = await load(refused, 'forged').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, message: 'This unfollow link is not valid' });
    const down = apiAnswering(() => Response.json({ message: 'Down' }, { status: 503 }));
    await expect(load(down, 'good')).rejects.toBeInstanceOf(ApiError);
  });
});
