import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, fakeAnswers } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { SearchBox, suggestionPath } from './search-box';

const suggestions = [
  { type: 'country', text: 'Iceland', id: 101, slug: 'iceland', url: '/iceland' },
  { type: 'organizer', text: 'Iceland Horseback Holidays', id: 9, url: '/tour-provider/9' },
  {
    type: 'tour',
    text: 'Ice and Fire Ride',
    id: 12,
    slug: 'ice-and-fire-ride-12',
    url: '/ice-and-fire-ride-12',
  },
  { type: 'city', text: 'Hoedspruit', id: 105, url: '/tours?cities=105' },
];

function setUp() {
  const api = createFakeApi({
    ...fakeAnswers,
    '/spa/tours-filter-completion': { items: suggestions },
  });
  return { api, view: renderInApp(<SearchBox />, { fetch: api.fetch }) };
}

describe('SearchBox', () => {
  it('asks for 5 suggestions of the typed phrase and lists them', async () => {
    const { api, view } = setUp();
    await view;
    const box = await screen.findByRole('combobox', { name: 'Where do you want to ride?' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    fireEvent.change(box, { target: { value: 'Ice' } });

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'IcelandCountry',
      'Iceland Horseback HolidaysTour provider',
      'Ice and Fire RideTour',
      'HoedspruitCity',
    ]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const call = api.seen.find((request) => request.url.includes('filter-completion'));
    expect(new URL(call?.url ?? '').searchParams.get('phrase')).toBe('Ice');
    expect(new URL(call?.url ?? '').searchParams.get('limit')).toBe('5');
  });

  it('goes to the suggestion chosen with the keyboard', async () => {
    const { view } = setUp();
    const { router } = await view;
    const box = await screen.findByRole('combobox', { name: 'Where do you want to ride?' });
    fireEvent.change(box, { target: { value: 'Ice' } });
    await screen.findAllByRole('option');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]?.id);
    fireEvent.submit(box.closest('form') as HTMLFormElement);

    await waitFor(() => expect(router.state.location.pathname).toBe('/tour-provider/9'));
  });

  it("opens a city's search, not a page at the city's slug", async () => {
    const { view } = setUp();
    const { router } = await view;
    const box = await screen.findByRole('combobox', { name: 'Where do you want to ride?' });
    fireEvent.change(box, { target: { value: 'Ice' } });
    const options = await screen.findAllByRole('option');
    fireEvent.mouseDown(options[3]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tours'));
    expect(router.state.location.searchStr).toBe('?cities=105');
  });

  it('goes to the catalogue when there is nothing to suggest', async () => {
    const { router } = await renderInApp(<SearchBox />);
    const box = await screen.findByRole('combobox', { name: 'Where do you want to ride?' });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tours'));
  });
});

describe('suggestionPath', () => {
  it('opens the search or page the suggestion names', () => {
    expect(suggestionPath({ type: 'country', text: 'Iceland', url: '/iceland' })).toBe('/iceland');
    expect(suggestionPath({ type: 'tour', text: 'Ride', slug: 'ride-12', url: '/ride-12' })).toBe(
      '/ride-12',
    );
    // A city has no page of its own: its suggestion opens the search of its tours.
    expect(suggestionPath({ type: 'city', text: 'Hoedspruit', url: '/tours?cities=105' })).toBe(
      '/tours?cities=105',
    );
  });
});
