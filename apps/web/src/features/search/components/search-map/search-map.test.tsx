import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resultCountries, SearchMap } from './search-map';

const iceland = { value: 101, text: 'Iceland', count: 2 };
const norway = { value: 5, text: 'Norway', count: 4 };

describe('resultCountries', () => {
  it('is every country of the facet, or only the chosen ones', () => {
    expect(resultCountries([iceland, norway], undefined)).toEqual([iceland, norway]);
    expect(resultCountries([iceland, norway], [])).toEqual([iceland, norway]);
    expect(resultCountries([iceland, norway], [5])).toEqual([norway]);
  });
});

describe('SearchMap', () => {
  it('once open, follows every new search, and narrows to a country on a click', async () => {
    const onPickCountry = vi.fn();
    const view = render(<SearchMap countries={[iceland, norway]} onPickCountry={onPickCountry} />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Sketch of the destinations: Iceland, Norway',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show on map' }));
    expect(await screen.findByRole('button', { name: 'Norway 4' })).toBeInTheDocument();

    view.rerender(<SearchMap countries={[iceland]} onPickCountry={onPickCountry} />);
    expect(screen.queryByRole('button', { name: 'Norway 4' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Iceland 2' }));
    expect(onPickCountry).toHaveBeenCalledWith(101);
  });
});
