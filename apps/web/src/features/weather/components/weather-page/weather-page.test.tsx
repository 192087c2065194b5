import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { WeatherPlace } from '../../api';
import { WeatherPage } from './weather-page';

/** The first render waits for the fake API; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const argentina: WeatherPlace = {
  kind: 'country',
  id: 10,
  name: 'Argentina',
  slugs: ['argentina'],
  toursCount: 14,
  country: { id: 10, name: 'Argentina', slug: 'argentina' },
};

const months = Array.from({ length: 12 }, (_, index) => ({
  month: index + 1,
  // A southern summer: warm in January, cold in July.
  temperature_max: 30 - Math.min(index, 12 - index) * 3,
  temperature_min: 19 - Math.min(index, 12 - index) * 3,
  precipitation_mm: 50 - Math.min(index, 12 - index) * 4,
  sunny_days: 18,
}));

const answers = {
  ...fakeAnswers,
  '/spa/destination-climate': { destination_id: 10, months },
  '/spa/destinations': {
    items: [
      { id: 75, name: 'Mendoza', slug: 'mendoza', kind: 'region', tours_count: 8 },
      { id: 74, name: 'Salta', slug: 'salta', kind: 'region', tours_count: 5 },
    ],
  },
};

describe('WeatherPage', () => {
  it('shows the climate month by month in the visitor’s units, and switches them', async () => {
    await renderInApp(<WeatherPage place={argentina} defaultSystem="imperial" />, {
      fetch: createFakeApi(answers).fetch,
    });
    expect(await screen.findByRole('heading', { level: 1 }, SLOW_CI)).toHaveTextContent(
      'Climate and weather in Argentina',
    );
    const table = screen.getByRole('table', { name: 'Average weather in Argentina by month' });
    const january = within(table).getByRole('row', { name: /January/ });
    expect(january).toHaveTextContent('86 °F');
    expect(january).toHaveTextContent('66 °F');
    expect(january).toHaveTextContent('2.0 in');
    expect(within(table).getAllByRole('row')).toHaveLength(13);

    const metric = screen.getByRole('button', { name: /Metric/ });
    expect(metric).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(metric);
    expect(metric).toHaveAttribute('aria-pressed', 'true');
    expect(january).toHaveTextContent('30 °C');
    expect(january).toHaveTextContent('50 mm');

    // The season check's good months and its rule in words (decision 117).
    expect(screen.getByText('Best months to ride').nextElementSibling).toHaveTextContent(
      'February–December',
    );
    expect(
      screen.getByText(
        'Our rule of thumb: days of 12 °C to 28 °C and up to 100 mm of rain in the month; days above 32 °C or below 3 °C, or more than 150 mm of rain, make a poor month.',
      ),
    ).toBeInTheDocument();
  });

  it('links to the tours there and to the weather of the country’s regions', async () => {
    await renderInApp(<WeatherPage place={argentina} defaultSystem="metric" />, {
      fetch: createFakeApi(answers).fetch,
    });
    expect(
      await screen.findByRole('link', { name: 'Find tours in Argentina' }, SLOW_CI),
    ).toHaveAttribute('href', '/tours?countries=10');
    expect(screen.getByText(/14 tours with local providers/)).toBeInTheDocument();
    const places = screen.getByRole('navigation', { name: 'Weather elsewhere in Argentina' });
    expect(
      within(places)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/argentina/mendoza/climate-and-weather', '/argentina/salta/climate-and-weather']);
  });

  it('links a region back to its whole country and leaves itself out', async () => {
    const mendoza: WeatherPlace = {
      ...argentina,
      kind: 'region',
      id: 75,
      name: 'Mendoza',
      slugs: ['argentina', 'mendoza'],
    };
    await renderInApp(<WeatherPage place={mendoza} defaultSystem="metric" />, {
      fetch: createFakeApi(answers).fetch,
    });
    expect(await screen.findByRole('heading', { level: 1 }, SLOW_CI)).toHaveTextContent(
      'Climate and weather in Mendoza, Argentina',
    );
    const places = screen.getByRole('navigation', { name: 'Weather elsewhere in Argentina' });
    expect(
      within(places)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All of Argentina', 'Salta']);
    expect(screen.getByRole('link', { name: 'Find tours in Mendoza' })).toHaveAttribute(
      'href',
      '/tours?regions=75',
    );
  });
});
