import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { Review } from '../../api';
import { TourReviews } from './tour-reviews';

const review = (id: number, overrides: Partial<Review> = {}): Review => ({
  id,
  rating: 5,
  text: `Review ${id}`,
  author_name: `Rider ${id}`,
  created_at: '2026-01-01T00:00:00Z',
  is_verified: false,
  ...overrides,
});

describe('TourReviews', () => {
  it('marks the reviews of a booked trip as verified', async () => {
    await renderInApp(
      <TourReviews
        slug="iceland-highlands-ride"
        firstPage={[review(1, { is_verified: true }), review(2)]}
        total={2}
        rating={5}
        onOpenPhotos={() => undefined}
      />,
    );
    const [verified, imported] = await screen.findAllByRole('listitem');
    expect(within(verified!).getByText('Verified trip')).toBeTruthy();
    expect(within(imported!).queryByText('Verified trip')).toBeNull();
  });
});

describe('TourReviews views (decision 115)', () => {
  it('reads another view from the list call, with its level, lowest rating and order', async () => {
    const asked: URLSearchParams[] = [];
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      asked.push(url.searchParams);
      return Response.json({
        items: [
          review(7, {
            rating: 4,
            rider_level: 'novice',
            ride_month: '2026-06',
            horse_condition: 5,
          }),
        ],
        pagination: { page: 1, per_page: 3, total: 1, page_count: 1 },
        rating: 4,
      });
    };
    const onViewChange = vi.fn();
    await renderInApp(
      <TourReviews
        slug="iceland-highlands-ride"
        firstPage={[review(1), review(2)]}
        total={2}
        rating={5}
        horseCondition={{ rating: 4.5, count: 2 }}
        view={{ reviewLevel: 'novice', reviewRating: 4, reviewSort: 'lowest' }}
        onViewChange={onViewChange}
        onOpenPhotos={() => undefined}
      />,
      { fetch },
    );
    expect(await screen.findByText('1 review matches')).toBeTruthy();
    const query = asked.find((params) => params.get('slug') === 'iceland-highlands-ride')!;
    expect(Object.fromEntries(query)).toMatchObject({
      rider_level: 'novice',
      min_rating: '4',
      sort: 'lowest',
      page: '1',
    });
    const only = document.querySelector<HTMLElement>('.tour-review')!;
    expect(only).toHaveTextContent('Review 7');
    const facts = within(only).getByRole('list', { name: 'About this ride' });
    expect(facts).toHaveTextContent('Novice rider');
    expect(facts).toHaveTextContent('Rode in June 2026');
    expect(facts).toHaveTextContent('Horse condition 5/5');
    expect(
      screen.getByRole('img', { name: 'Horse condition 4.5 out of 5: Thriving' }),
    ).toBeTruthy();
  });

  it('offers every review again when a view matches none', async () => {
    const fetch = async () =>
      Response.json({
        items: [],
        pagination: { page: 1, per_page: 3, total: 0, page_count: 0 },
        rating: null,
      });
    const onViewChange = vi.fn();
    await renderInApp(
      <TourReviews
        slug="iceland-highlands-ride"
        firstPage={[review(1)]}
        total={1}
        rating={5}
        view={{ reviewLevel: 'advanced' }}
        onViewChange={onViewChange}
        onOpenPhotos={() => undefined}
      />,
      { fetch },
    );
    expect(await screen.findByText('No reviews match these choices yet.')).toBeTruthy();
    screen.getByRole('button', { name: 'Show all reviews' }).click();
    expect(onViewChange).toHaveBeenCalledWith({});
  });
});
