import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { tourSummary } from '../../../../lib/testing/fake-api';
import { organizerFixture, reviewFixture, reviewPage } from '../../testing/organizer-fixture';
import { OrganizerPageView } from './organizer-page';

/** An API that serves later review pages of 12 reviews (ids 1..12), recording the pages asked. */
function reviewsApi() {
  const pagesAsked: string[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/spa/organizer-reviews') {
      return Response.json({ message: 'Not found' }, { status: 404 });
    }
    const page = Number(url.searchParams.get('page'));
    pagesAsked.push(`${url.searchParams.get('id')}:${page}:${url.searchParams.get('limit')}`);
    const ids = Array.from({ length: 12 }, (_, index) => index + 1).slice((page - 1) * 5, page * 5);
    return Response.json(reviewPage(ids, page, 12));
  };
  return { fetch, pagesAsked };
}

const tour = tourSummary({ id: 265, slug: 'auvergne-volcano-trail-265', name: 'Volcano Trail' });

async function renderPage({
  identityVerified = true,
  organizer = organizerFixture(),
}: { identityVerified?: boolean; organizer?: ReturnType<typeof organizerFixture> } = {}) {
  const api = reviewsApi();
  await renderInApp(
    <OrganizerPageView
      organizer={organizer}
      verification={{
        is_email_verified: true,
        is_phone_verified: false,
        is_passport_verified: identityVerified,
      }}
      reviews={[reviewFixture(1, { tour_id: 265 }), ...[2, 3, 4, 5].map((id) => reviewFixture(id))]}
      reviewsTotal={12}
      tours={[tour]}
      toursTotal={1}
      toursPageCount={1}
    />,
    { fetch: api.fetch },
  );
  await screen.findByRole('heading', { level: 1 });
  return api;
}

const reviewAuthors = () =>
  within(screen.getByRole('region', { name: 'Reviews' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByText(/^Rider \d+$/).textContent);

describe('OrganizerPageView', () => {
  it('shows how the provider keeps its horses', async () => {
    await renderPage();
    const section = screen.getByRole('region', { name: 'How the horses are kept' });
    const card = within(section).getByRole('region', { name: 'Horse welfare' });
    expect(within(card).getByText('1 rest day a week')).toBeInTheDocument();
    expect(within(card).getByText('Turned out in paddocks')).toBeInTheDocument();
    expect(within(card).getByText('Retired horses are rehomed')).toBeInTheDocument();
    expect(within(card).queryByText('This tour')).toBeNull();
  });

  it('says what the vetting found of this provider, never that every provider passed it', async () => {
    await renderPage({ identityVerified: false });
    const trust = screen.getByRole('complementary', {
      name: 'Booking with Auvergne Trail Company',
    });
    expect(trust).toHaveTextContent(
      "Auvergne Trail Company's third-party identity verification is not complete yet. Gallop also screens providers",
    );
    expect(trust).not.toHaveTextContent(/every provider/i);
    expect(trust).not.toHaveTextContent('identity is verified');
  });

  it('says a verified provider passed the identity check', async () => {
    await renderPage();
    const trust = screen.getByRole('complementary', {
      name: 'Booking with Auvergne Trail Company',
    });
    expect(trust).toHaveTextContent(
      "Auvergne Trail Company's identity is verified by a third-party service.",
    );
  });

  it('writes the aside as English and ticks only what passed', async () => {
    await renderPage({
      identityVerified: false,
      organizer: organizerFixture({ name: 'Wyoming Horse Treks' }),
    });
    const trust = screen.getByRole('complementary', { name: 'Booking with Wyoming Horse Treks' });
    const items = within(trust).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Tour company, registered company$/);
    expect(items[1]).toHaveTextContent(
      "Wyoming Horse Treks' third-party identity verification is not complete yet.",
    );
    expect(trust).not.toHaveTextContent("Treks's");
    // The tick (CSS ::before) is replaced by a dash on the identity line that has not passed.
    expect(items.map((item) => item.classList.contains('organizer-trust__item--pending'))).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });

  it('ticks the identity line of a verified provider', async () => {
    await renderPage();
    const trust = screen.getByRole('complementary', {
      name: 'Booking with Auvergne Trail Company',
    });
    const items = within(trust).getAllByRole('listitem');
    expect(items[1]).not.toHaveClass('organizer-trust__item--pending');
  });

  it('shows the provider, its trust badges, facts and tours', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Auvergne Trail Company');
    const badges = screen.getByRole('list', { name: 'Verification' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['✓Identity verified', '–Phone not verified', '✓Email verified']);
    expect(screen.getByText('Tours open').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Based in').nextSibling).toHaveTextContent('France');
    const tours = screen.getByRole('region', { name: 'Tours by Auvergne Trail Company' });
    expect(within(tours).getByRole('link', { name: 'Volcano Trail' })).toHaveAttribute(
      'href',
      '/auvergne-volcano-trail-265',
    );
  });

  it('names the tour a review is about when it is one of the tours shown', async () => {
    await renderPage();
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    const first = within(reviews).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: 'Volcano Trail' })).toBeInTheDocument();
  });

  it("loads five more reviews per 'Show more' until all are shown", async () => {
    const api = await renderPage();
    expect(reviewAuthors()).toEqual(['Rider 1', 'Rider 2', 'Rider 3', 'Rider 4', 'Rider 5']);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(reviewAuthors()).toHaveLength(10));
    expect(reviewAuthors().at(-1)).toBe('Rider 10');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(reviewAuthors()).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.pagesAsked).toEqual(['6:2:5', '6:3:5']);
  });
});
