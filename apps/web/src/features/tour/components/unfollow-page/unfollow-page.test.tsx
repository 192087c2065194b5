import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApiWithPosts } from '../../../../lib/testing/fake-api-posts';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import {
  expectAsksThenSends,
  LINK_TOKEN,
  linkTour as tour,
  tourFollowing,
} from '../../testing/following-link-page';
import { UnfollowLinkError, UnfollowPage } from './unfollow-page';

const UNSUBSCRIBE = '/spa/unsubscribe-tour-program';
const following = tourFollowing(true);

describe('UnfollowPage', () => {
  it('asks first, then stops the e-mails on a click and links back to the tour', async () => {
    // Opening the page sends nothing: a mail scanner following the link unfollows nobody.
    await expectAsksThenSends(<UnfollowPage token={LINK_TOKEN} following={following} />, {
      path: UNSUBSCRIBE,
      question: `Stop e-mails about ${tour.name}?`,
      button: 'Stop e-mails',
      done: `You will no longer get e-mails about ${tour.name}`,
    });
  });

  it('says so at once when the address no longer follows the tour', async () => {
    await renderInApp(
      <UnfollowPage token={LINK_TOKEN} following={{ ...following, following: false }} />,
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
