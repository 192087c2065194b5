import { normalizeFilters } from '@gallop/search-filters';
import { CITY_SEARCH_DEBOUNCE_MS } from '@gallop/ui-kit';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlaceFilter, type PlaceCity } from './place-filter';

const TBILISI: PlaceCity = { id: 7, name: 'Tbilisi', country: 'Georgia', lat: 41.69, lng: 44.8 };

describe('PlaceFilter', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('searches around the picked city, 100 km unless a radius was chosen', async () => {
    const onChange = vi.fn();
    const searchCities = vi.fn(async () => [TBILISI]);
    render(
      <PlaceFilter
        filters={normalizeFilters({})}
        searchCities={searchCities}
        onChange={onChange}
      />,
    );
    const box = screen.getByRole('combobox', { name: 'Select city' });
    expect(box).toHaveAttribute('placeholder', 'Start typing');
    expect(screen.queryByRole('button', { name: 'Anywhere' })).toBeNull();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(box, 'tbil');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    expect(searchCities).toHaveBeenLastCalledWith('tbil');
    await user.click(await screen.findByRole('option', { name: /Tbilisi/ }));
    expect(onChange).toHaveBeenCalledWith({
      placeName: 'Tbilisi',
      lat: 41.69,
      lng: 44.8,
      radius: 100,
    });
  });

  it('shows the chosen place with its radius, and clears all its fields at once', async () => {
    const onChange = vi.fn();
    const filters = normalizeFilters({ placeName: 'Tbilisi', lat: 41.69, lng: 44.8, radius: 300 });
    render(<PlaceFilter filters={filters} searchCities={async () => []} onChange={onChange} />);
    expect(screen.getByRole('combobox', { name: 'Select city' })).toHaveValue('Tbilisi');
    expect(screen.getByRole('button', { name: /Within/ })).toHaveTextContent('300 km');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Anywhere' }));
    expect(onChange).toHaveBeenCalledWith({
      placeName: undefined,
      lat: undefined,
      lng: undefined,
      radius: undefined,
    });
  });
});
