import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClimateTable } from './climate-table';

describe('ClimateTable', () => {
  it('is a named region keyboard users can focus to scroll it sideways', () => {
    render(
      <ClimateTable
        months={[{ month: 1, temperature_min: -20, temperature_max: -8, precipitation_mm: 3 }]}
        system="metric"
        placeName="Mongolia"
      />,
    );
    const region = screen.getByRole('region', { name: 'Average weather in Mongolia by month' });
    expect(region.tabIndex).toBe(0);
    expect(region).toContainElement(screen.getByRole('table'));
  });
});
