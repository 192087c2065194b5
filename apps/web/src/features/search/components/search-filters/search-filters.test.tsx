import { normalizeFilters } from '@gallop/search-filters';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { FilterFacets } from '../../api';
import { SearchFiltersPanel } from './search-filters';

const organizers = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    value: index + 1,
    text: `Riders ${index + 1}`,
    count: 500 - index,
  }));

/** The panel in the app's router and query client (its date picks ask the fake API). */
async function renderPanel(
  facets: FilterFacets,
  query: Record<string, unknown> = {},
  onChange = vi.fn(),
) {
  const rendered = await renderInApp(
    <SearchFiltersPanel
      filters={normalizeFilters(query)}
      facets={facets}
      currency="EUR"
      onChange={onChange}
      searchCities={async () => []}
    />,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Organizer' }));
  return rendered;
}

describe('SearchFiltersPanel: the organizer select', () => {
  it('says how many organizers it lists of how many when the API sends only the top', async () => {
    await renderPanel({ organizers: organizers(100), organizers_total: 2000 });
    expect(
      screen.getByText('Showing 100 of 2,000 organizers, those with the most tours.'),
    ).toBeVisible();
  });

  it('counts the chosen organizer the API adds after the top among those shown', async () => {
    const listed = [...organizers(100), { value: 1500, text: 'Far Riders', count: 3 }];
    await renderPanel({ organizers: listed, organizers_total: 2000 }, { organizer: 1500 });
    expect(
      screen.getByText('Showing 101 of 2,000 organizers, those with the most tours.'),
    ).toBeVisible();
    // The chosen organizer is the select's value.
    expect(screen.getByRole('button', { name: /Far Riders \(3\)/ })).toBeVisible();
  });

  it('says nothing more when every organizer is listed', async () => {
    const all = await renderPanel({ organizers: organizers(12), organizers_total: 12 });
    expect(screen.getByRole('button', { name: /Any organizer/ })).toBeVisible();
    expect(screen.queryByText(/organizers, those with the most tours/)).toBeNull();
    all.unmount();
    await renderPanel({ organizers: organizers(3) });
    expect(screen.queryByText(/organizers, those with the most tours/)).toBeNull();
  });
});

describe('SearchFiltersPanel: the kind of trip and its filters', () => {
  const facets: FilterFacets = {
    world_parts: [
      { value: 2, text: 'Europe', count: 40 },
      { value: 4, text: 'Asia', count: 12 },
    ],
    showplaces: [{ value: 9, text: 'Dettifoss', count: 3 }],
    accommodation: [{ value: 'hotel', text: 'Hotel', count: 8 }],
    cruise_types: [{ value: 1, text: 'River cruise', count: 7 }],
  };

  it('offers world parts and landmarks, and no cruise filter, for tours', async () => {
    const onChange = vi.fn();
    await renderPanel(facets, { continent: 4 }, onChange);
    expect(screen.getByRole('radio', { name: 'Multi-day tours' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Asia 12 tours' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Anywhere' }));
    expect(onChange).toHaveBeenLastCalledWith({ continent: undefined });
    expect(screen.getByRole('button', { name: 'Landmark' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accommodation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cruise type' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Cruises' }));
    expect(onChange).toHaveBeenLastCalledWith({ type: 1, isCruisesSearch: true });
  });

  it('offers the cruise filters, and no accommodation, for cruises; leaving drops them', async () => {
    const onChange = vi.fn();
    await renderPanel(facets, { isCruisesSearch: 1, cruisesType: 1 }, onChange);
    expect(screen.getByRole('radio', { name: 'Cruises' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'River cruise 7 tours' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Accommodation' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Multi-day tours' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        type: 1,
        isCruisesSearch: undefined,
        cruisesType: undefined,
        ships: undefined,
        onlyReturningCruises: undefined,
      }),
    );
  });
});
