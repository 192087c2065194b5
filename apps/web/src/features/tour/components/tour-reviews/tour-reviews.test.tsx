import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
