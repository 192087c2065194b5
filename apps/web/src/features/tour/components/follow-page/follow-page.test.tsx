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
import { FollowLinkError, FollowPage } from './follow-page';

const CONFIRM = '/spa/confirm-tour-follow';
const pending = tourFollowing(false);

describe('FollowPage', () => {
  it('asks first, then follows on a click and links back to the tour', async () => {
    // Opening the page sends nothing: a mail scanner following the link subscribes nobody.
    await expectAsksThenSends(<FollowPage token={LINK_TOKEN} following={pending} />, {
      path: CONFIRM,
      question: `Follow ${tour.name}?`,
      button: 'Follow',
      done: `You are following ${tour.name}`,
    });
    expect(screen.getByText(/The programme is on its way to/)).toBeInTheDocument();
  });

  it('says so at once when the address follows the tour already', async () => {
    await renderInApp(
      <FollowPage token={LINK_TOKEN} following={{ ...pending, following: true }} />,
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
