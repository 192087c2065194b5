import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import {
  TOUR_SELECTION_TOKEN_KEY,
  storedTourSelectionToken,
} from '../../../../lib/tour-selection-token';
import { TourSelectionBar } from './tour-selection-bar';

const TOKEN = '481-a9f3Kq7LmN2pR8sT4vWxYz01';

afterEach(() => window.localStorage.clear());

describe('TourSelectionBar', () => {
  it('leads back to the selection from any page, and leaves the mode on request', async () => {
    window.localStorage.setItem(TOUR_SELECTION_TOKEN_KEY, TOKEN);
    await renderInApp(<TourSelectionBar />);
    expect(
      await screen.findByText('Tours were selected for your booking request #481.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the selection' }).getAttribute('href')).toBe(
      '/tour-selection',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Leave selection' }));
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
    expect(storedTourSelectionToken(window.localStorage)).toBeUndefined();
  });

  it('is not there without a stored selection', async () => {
    await renderInApp(<TourSelectionBar />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('complementary', { name: 'Tour selection' })).toBeNull();
  });
});
