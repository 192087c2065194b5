import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RiderFitDetails } from './rider-fit-details';

describe('RiderFitDetails', () => {
  it('says a single reason on the indicator’s line', () => {
    const { container } = render(
      <RiderFitDetails
        fit={{
          verdict: 'stretch',
          reason: 'Western tack; you ride English',
          reasons: [{ check: 'tack', verdict: 'stretch', text: 'Western tack; you ride English' }],
        }}
      />,
    );
    expect(container.querySelector('.gk-fit')).toHaveTextContent(
      'A stretch: Western tack; you ride English',
    );
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists several reasons under the verdict, each with its own', () => {
    const { container } = render(
      <RiderFitDetails
        fit={{
          verdict: 'not-suitable',
          reason: 'Riders from 12 years',
          reasons: [
            { check: 'age', verdict: 'not-suitable', text: 'Riders from 12 years' },
            { check: 'tack', verdict: 'stretch', text: 'Western tack; you ride English' },
          ],
        }}
      />,
    );
    expect(container.querySelector('.gk-fit')).toHaveTextContent(/^Not suitable$/);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Not suitable: Riders from 12 years',
      'A stretch: Western tack; you ride English',
    ]);
  });

  it('says "Fits you" alone when nothing stands in the way', () => {
    const { container } = render(
      <RiderFitDetails fit={{ verdict: 'fits', reason: null, reasons: [] }} />,
    );
    expect(container.querySelector('.gk-fit')).toHaveTextContent(/^Fits you$/);
  });
});
