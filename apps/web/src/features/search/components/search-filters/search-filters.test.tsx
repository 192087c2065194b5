import { normalizeFilters } from '@gallop/search-filters';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import type { FilterFacets } from '../../api';
import { withChange } from '../../search-query';
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

describe('SearchFiltersPanel: the riding filters', () => {
  const facets: FilterFacets = {
    rider_level: [
      { value: 'novice', text: 'Novice', count: 4 },
      { value: 'intermediate', text: 'Intermediate', count: 11 },
      { value: 'strong-intermediate', text: 'Strong intermediate', count: 15 },
      { value: 'advanced', text: 'Advanced', count: 18 },
    ],
    tack: [
      { value: 'english', text: 'English', count: 12 },
      { value: 'western', text: 'Western', count: 7 },
    ],
    max_hours: [
      { value: 4, text: 'Up to 4 hours', count: 3 },
      { value: 5, text: 'Up to 5 hours', count: 9 },
      { value: 8, text: 'Up to 8 hours', count: 18 },
    ],
  };

  it('offers every rider level by its name, with the tours for that level or below', async () => {
    const onChange = vi.fn();
    await renderPanel(facets, { riderLevel: 'intermediate' }, onChange);
    expect(screen.getByRole('radio', { name: 'Intermediate 11 tours' })).toBeChecked();
    // A level the facet does not list has no tour for it.
    expect(screen.getByRole('radio', { name: 'Beginner 0 tours' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'Strong intermediate 15 tours' }));
    expect(onChange).toHaveBeenLastCalledWith({ riderLevel: 'strong-intermediate' });
    fireEvent.click(screen.getByRole('radio', { name: 'Any level' }));
    expect(onChange).toHaveBeenLastCalledWith({ riderLevel: undefined });
  });

  it('offers the tacks with their counts', async () => {
    const onChange = vi.fn();
    await renderPanel(facets, { tack: 'english' }, onChange);
    expect(screen.getByRole('checkbox', { name: 'English 12 tours' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Western 7 tours' }));
    expect(onChange).toHaveBeenLastCalledWith({ tack: ['english', 'western'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'English 12 tours' }));
    expect(onChange).toHaveBeenLastCalledWith({ tack: [] });
  });

  it('chooses the hours in the saddle per day, keeping hours typed in an address', async () => {
    const onChange = vi.fn();
    await renderPanel(facets, { maxHours: 4.5 }, onChange);
    // The select is named by its value and its (hidden) label, the group's title.
    const select = screen.getByRole('button', {
      name: 'Up to 4.5 hours Hours in the saddle per day',
    });
    fireEvent.click(select);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'Any length',
      'Up to 3 hours (0)',
      'Up to 4 hours (3)',
      'Up to 4.5 hours',
      'Up to 5 hours (9)',
      'Up to 6 hours (0)',
      'Up to 8 hours (18)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Up to 5 hours (9)' }));
    expect(onChange).toHaveBeenLastCalledWith({ maxHours: 5 });
  });

  it('takes the rider weight in kilograms when it is committed, and clears it', async () => {
    const onChange = vi.fn();
    const { unmount } = await renderPanel(facets, {}, onChange);
    fireEvent.click(screen.getByRole('button', { name: 'Rider weight, kg' }));
    const weight = screen.getByRole('spinbutton', { name: 'Rider weight, kg' });
    fireEvent.change(weight, { target: { value: '104' } });
    expect(onChange).not.toHaveBeenCalledWith({ riderWeight: 104 });
    fireEvent.blur(weight);
    expect(onChange).toHaveBeenLastCalledWith({ riderWeight: 104 });
    unmount();
    await renderPanel(facets, { riderWeight: 104 }, onChange);
    const chosen = screen.getByRole('spinbutton', { name: 'Rider weight, kg' });
    expect(chosen).toHaveValue('104');
    fireEvent.change(chosen, { target: { value: '' } });
    fireEvent.blur(chosen);
    expect(onChange).toHaveBeenLastCalledWith({ riderWeight: undefined });
  });
});

describe('SearchFiltersPanel: the horse-welfare commitments', () => {
  const facets: FilterFacets = {
    welfare: [
      { value: 'two_rest_days', text: 'Two rest days a week or more', count: 9 },
      { value: 'herd_turnout', text: 'Horses live in a herd', count: 21 },
      { value: 'vet_on_call', text: 'Vet on call', count: 30 },
    ],
  };

  it('offers the commitments some tour holds, with their counts, and ticks the chosen ones', async () => {
    const onChange = vi.fn();
    await renderPanel(facets, { welfare: 'vet_on_call' }, onChange);
    expect(screen.getByRole('group', { name: 'Horse welfare commitments' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Vet on call 30 tours' })).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Horses live in a herd 21 tours' }),
    ).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Retired horses/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Horses live in a herd 21 tours' }));
    expect(onChange).toHaveBeenLastCalledWith({ welfare: ['vet_on_call', 'herd_turnout'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vet on call 30 tours' }));
    expect(onChange).toHaveBeenLastCalledWith({ welfare: [] });
  });

  it('opens closed when nothing is chosen, and is left out when no tour states a commitment', async () => {
    const { unmount } = await renderPanel(facets);
    expect(screen.getByRole('button', { name: 'Horse welfare' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    unmount();
    await renderPanel({ welfare: [] });
    expect(screen.queryByRole('button', { name: 'Horse welfare' })).toBeNull();
  });
});

describe('SearchFiltersPanel: the price sliders', () => {
  async function renderPrices(currency: string, query: Record<string, unknown> = {}) {
    const onChange = vi.fn();
    await renderInApp(
      <SearchFiltersPanel
        filters={normalizeFilters(query, currency)}
        facets={{}}
        currency={currency}
        onChange={onChange}
        searchCities={async () => []}
      />,
    );
    const group = (await screen.findByText('Total price')).closest('.gk-slider') as HTMLElement;
    return { onChange, group };
  }

  it.each([
    ['USD', 'US$0 – US$5,000', 'US$0 – US$500'],
    ['EUR', '€0 – €5,000', '€0 – €500'],
    // Each currency's filter takes its own caps (decision 176): the sliders reach their full
    // derived maxima, never squeezed to the spec's 200000 (about ¥ US$1,290, ₩ US$138).
    ['JPY', 'JP¥0 – JP¥1,000,000', 'JP¥0 – JP¥100,000'],
    ['KRW', '₩0 – ₩10,000,000', '₩0 – ₩1,000,000'],
    ['INR', '₹0 – ₹500,000', '₹0 – ₹50,000'],
  ])(
    '%s: ranges the filter takes, written as the cards write prices',
    async (currency, total, perDay) => {
      const { group } = await renderPrices(currency);
      expect(group.querySelector('output')).toHaveTextContent(total);
      const perDayGroup = screen.getByText('Price per day').closest('.gk-slider') as HTMLElement;
      expect(perDayGroup.querySelector('output')).toHaveTextContent(perDay);
    },
  );

  it.each([
    ['JPY', 'JP¥1,000,000', 990_000],
    ['KRW', '₩10,000,000', 9_900_000],
    ['INR', '₹500,000', 495_000],
  ])(
    '%s: a bound a step below the slider’s end (%s) is searched, past the spec’s cap',
    async (currency, end, below) => {
      const { onChange } = await renderPrices(currency);
      const thumb = screen.getByRole('slider', { name: /^Maximum price Total price/ });
      expect(thumb).toHaveAttribute('aria-valuetext', end);
      act(() => thumb.focus());
      fireEvent.keyDown(thumb, { key: 'ArrowLeft' });
      fireEvent.keyUp(thumb, { key: 'ArrowLeft' });
      await waitFor(() =>
        expect(onChange).toHaveBeenLastCalledWith({ priceMin: undefined, priceMax: below }),
      );
      // The bound survives the page's normalisation in the currency (the spec's caps drop it).
      expect(withChange({}, { priceMax: below }, currency).priceMax).toBe(below);
      expect(normalizeFilters({ priceMax: below }).priceMax).toBeUndefined();
    },
  );

  it('shows a KRW bound of ₩3,000,000 from the address on the slider', async () => {
    await renderPrices('KRW', { priceMax: 3_000_000 });
    const thumb = screen.getByRole('slider', { name: /^Maximum price Total price/ });
    expect(thumb).toHaveAttribute('aria-valuetext', '₩3,000,000');
  });
});

describe('SearchFiltersPanel: the dates', () => {
  it('writes the chosen departure window as the cards write dates', async () => {
    await renderPanel({}, { dateFrom: '2027-03-12', dateTo: '2027-04-02' });
    expect(screen.getByRole('button', { name: '12 Mar 2027 – 2 Apr 2027' })).toBeTruthy();
  });
});

describe('SearchFiltersPanel: travelling with children', () => {
  it('offers every child age from 1 to 17, so an 11-year-old can be searched for', async () => {
    const onChange = vi.fn();
    await renderPanel({}, {}, onChange);
    fireEvent.click(screen.getByRole('button', { name: 'Group and age' }));
    fireEvent.click(screen.getByRole('button', { name: 'No children Travelling with children' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'No children',
      ...Array.from({ length: 17 }, (_, index) => `Youngest is ${index + 1}`),
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Youngest is 11' }));
    expect(onChange).toHaveBeenLastCalledWith({ minAge: 11 });
  });

  it('shows an age from the address as chosen', async () => {
    await renderPanel({}, { minAge: 11 });
    fireEvent.click(screen.getByRole('button', { name: 'Group and age' }));
    expect(
      screen.getByRole('button', { name: 'Youngest is 11 Travelling with children' }),
    ).toBeVisible();
  });
});
