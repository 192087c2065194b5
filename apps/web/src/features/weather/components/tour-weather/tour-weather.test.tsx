import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { TourWeather } from './tour-weather';

/** The first render waits for the fake API; shared machines can be slow. */
const SLOW_CI = { timeout: 5000 };

const months = Array.from({ length: 12 }, (_, index) => ({
  month: index + 1,
  // A southern summer: hot in January, cold in July.
  temperature_max: 30 - Math.min(index, 12 - index) * 3,
  temperature_min: 19 - Math.min(index, 12 - index) * 3,
  precipitation_mm: 50 - Math.min(index, 12 - index) * 4,
}));

/** The API with climate normals (none: a 404), and the places the widget asked it about. */
function climateApi({ withClimate = true } = {}) {
  const asked: string[] = [];
  const fake = createFakeApi({
    ...fakeAnswers,
    ...(withClimate ? { '/spa/destination-climate': { destination_id: 5, months } } : {}),
    '/spa/destinations': {
      items: [{ id: 10, name: 'Argentina', slug: 'argentina', kind: 'country', tours_count: 14 }],
    },
  });
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/spa/destination-climate') asked.push(url.search);
    return fake.fetch(request);
  };
  return { fetch, asked };
}

const dates = [
  { start: '2026-12-28', end: '2027-01-06' },
  { start: '2027-07-10', end: '2027-07-17' },
];

describe('TourWeather', () => {
  it('shows the start city’s climate for the months of the dates, and links the weather page', async () => {
    const api = climateApi();
    await renderInApp(
      <TourWeather
        startCity={{ id: 5, name: 'Mendoza' }}
        countries={[{ id: 10, name: 'Argentina' }]}
        dates={dates}
        defaultSystem="metric"
      />,
      { fetch: api.fetch },
    );
    const widget = await screen.findByRole('region', { name: 'Weather on these dates' }, SLOW_CI);
    expect(api.asked).toEqual(['?destination_id=5&kind=city']);
    const table = within(widget).getByRole('table', {
      name: 'Average weather in Mendoza by month',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'December',
      'January',
      'July',
    ]);
    expect(rows[1]).toHaveTextContent('30 °C');
    // The season check (decision 117): 12-28 °C days and ≤ 100 mm good, above 32 °C poor.
    const best = within(widget).getByRole('group', { name: 'Best months to ride here' });
    expect(best).toHaveTextContent('February–December');
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual(['Good', 'Fair', 'Good']);
    expect(
      within(widget).getByText('Of these months, July and December are among the best for riding.'),
    ).toBeInTheDocument();
    expect(
      await within(widget).findByRole('link', {
        name: 'Climate and weather in Argentina, month by month',
      }),
    ).toHaveAttribute('href', '/argentina/climate-and-weather');

    fireEvent.click(within(widget).getByRole('button', { name: /Imperial/ }));
    expect(rows[1]).toHaveTextContent('86 °F');
  });

  it('shows the country’s whole year when the tour has no start city and no dates', async () => {
    const api = climateApi();
    await renderInApp(
      <TourWeather countries={[{ id: 10, name: 'Argentina' }]} dates={[]} defaultSystem="metric" />,
      { fetch: api.fetch },
    );
    const widget = await screen.findByRole('region', { name: 'Weather in Argentina' }, SLOW_CI);
    expect(api.asked).toEqual(['?destination_id=10&kind=country']);
    expect(within(widget).getAllByRole('row')).toHaveLength(13);
    expect(
      within(widget).getByRole('group', { name: 'Best months to ride here' }),
    ).toHaveTextContent('February–December');
  });

  it('marks a poor month with its reason in words, in the units shown', async () => {
    const desert = months.map((month) =>
      month.month === 1 ? { ...month, temperature_max: 35, precipitation_mm: 180 } : month,
    );
    const fake = createFakeApi({
      ...fakeAnswers,
      '/spa/destination-climate': { destination_id: 5, months: desert },
    });
    await renderInApp(
      <TourWeather
        startCity={{ id: 5, name: 'Mendoza' }}
        countries={[]}
        dates={dates}
        defaultSystem="metric"
      />,
      { fetch: fake.fetch },
    );
    const widget = await screen.findByRole('region', { name: 'Weather on these dates' }, SLOW_CI);
    const january = within(widget).getByRole('row', { name: /^January/ });
    expect(january).toHaveTextContent('Poor Hot: 35 °C highs · Wet: 180 mm of rain');
    fireEvent.click(within(widget).getByRole('button', { name: /Imperial/ }));
    expect(january).toHaveTextContent('Poor Hot: 95 °F highs · Wet: 7.1 in of rain');
  });

  it('shows nothing when the destination has no climate data', async () => {
    const api = climateApi({ withClimate: false });
    await renderInApp(
      <div data-testid="slot">
        <TourWeather
          startCity={{ id: 5, name: 'Mendoza' }}
          countries={[]}
          dates={dates}
          defaultSystem="metric"
        />
      </div>,
      { fetch: api.fetch },
    );
    await screen.findByTestId('slot', {}, SLOW_CI);
    await waitFor(() => expect(api.asked).toHaveLength(1));
    // The 404 has arrived and settled: still nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByTestId('slot')).toBeEmptyDOMElement();
  });
});
