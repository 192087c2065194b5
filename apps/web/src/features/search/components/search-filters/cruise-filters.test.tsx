import { normalizeFilters } from '@gallop/search-filters';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { FilterFacets } from '../../api';
import { cabinChoices, CruiseFilters } from './cruise-filters';

const facets: FilterFacets = {
  cruise_types: [
    { value: 1, text: 'River cruise', count: 7 },
    { value: 2, text: 'Sea cruise', count: 3 },
  ],
  water_objects: [{ value: 4, text: 'Danube', count: 5 }],
  cruise_start_cities: [{ value: 31, text: 'Vienna', count: 4 }],
  ships: [
    { value: 2, text: 'River Stallion', count: 6 },
    { value: 5, text: 'Blue Pegasus', count: 4 },
  ],
  cabins_capacity: [
    { value: 4, text: '4 travellers per cabin', count: 2 },
    { value: 2, text: '2 travellers per cabin', count: 5 },
    { value: 3, text: '3 travellers per cabin', count: 3 },
  ],
  returning_cruises: [{ value: 1, text: 'Returns to its start', count: 6 }],
};

async function renderCruiseFilters(query: Record<string, unknown> = {}) {
  const onChange = vi.fn();
  await renderInApp(
    <CruiseFilters
      filters={normalizeFilters({ isCruisesSearch: 1, ...query })}
      facets={facets}
      onChange={onChange}
    />,
  );
  return onChange;
}

describe('cabinChoices', () => {
  it('counts "N or more" as the capacities N and above', () => {
    expect(cabinChoices(facets.cabins_capacity!)).toEqual([
      { value: 2, text: '2 or more', count: 10 },
      { value: 3, text: '3 or more', count: 5 },
      { value: 4, text: '4 or more', count: 2 },
    ]);
  });
});

describe('CruiseFilters', () => {
  it('offers every cruise filter with its counts', async () => {
    const onChange = await renderCruiseFilters({ cruisesType: 1 });
    expect(await screen.findByRole('radio', { name: 'River cruise 7 tours' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Any cruise' }));
    expect(onChange).toHaveBeenLastCalledWith({ cruisesType: undefined });
    fireEvent.click(screen.getByRole('radio', { name: 'Sea cruise 3 tours' }));
    expect(onChange).toHaveBeenLastCalledWith({ cruisesType: 2 });

    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Blue Pegasus 4 tours' }));
    expect(onChange).toHaveBeenLastCalledWith({ ships: [5] });

    fireEvent.click(screen.getByRole('button', { name: 'Travellers per cabin' }));
    fireEvent.click(screen.getByRole('radio', { name: '3 or more 5 tours' }));
    expect(onChange).toHaveBeenLastCalledWith({ cruisesCabinsCapacity: 3 });

    fireEvent.click(screen.getByRole('button', { name: 'Round trip' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Back to the departure port 6 tours' }));
    expect(onChange).toHaveBeenLastCalledWith({ onlyReturningCruises: true });

    expect(screen.getByRole('button', { name: 'Departure port' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'River, lake or sea' })).toBeInTheDocument();
  });

  it('shows the chosen values and clears them', async () => {
    const onChange = await renderCruiseFilters({
      onlyReturningCruises: 1,
      cruisesCabinsCapacity: 4,
      cruisesStartCity: 31,
    });
    expect(
      await screen.findByRole('checkbox', { name: /Back to the departure port/ }),
    ).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 or more 2 tours' })).toBeChecked();
    expect(screen.getByRole('button', { name: /Vienna \(4\)/ })).toBeVisible();
    fireEvent.click(screen.getByRole('checkbox', { name: /Back to the departure port/ }));
    expect(onChange).toHaveBeenLastCalledWith({ onlyReturningCruises: undefined });
    fireEvent.click(screen.getByRole('radio', { name: 'Any cabin' }));
    expect(onChange).toHaveBeenLastCalledWith({ cruisesCabinsCapacity: undefined });
  });
});
