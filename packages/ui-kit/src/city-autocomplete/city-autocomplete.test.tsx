import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CITY_SEARCH_DEBOUNCE_MS, CityAutocomplete, type City } from './city-autocomplete';

const CITIES: City[] = [
  { id: 1, name: 'Almaty', country: 'Kazakhstan' },
  { id: 2, name: 'Astana', country: 'Kazakhstan' },
  { id: 3, name: 'Bishkek', country: 'Kyrgyzstan' },
];
const search = (query: string) =>
  Promise.resolve(CITIES.filter((city) => city.name.toLowerCase().startsWith(query.toLowerCase())));

function Picker(props: {
  searchCities?: (q: string) => Promise<readonly City[]>;
  onCreate?: (n: string) => void;
  onChange?: (c: City | null) => void;
}) {
  const [value, setValue] = useState<City | null>(null);
  return (
    <CityAutocomplete
      value={value}
      onChange={(city) => {
        setValue(city);
        props.onChange?.(city);
      }}
      searchCities={props.searchCities ?? search}
      onCreate={props.onCreate}
    />
  );
}

/** A picker with 'as' typed and its list open on Astana. */
async function typedAs() {
  const onChange = vi.fn();
  render(<Picker onChange={onChange} />);
  const input = screen.getByRole('combobox');
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.type(input, 'as');
  await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
  expect(await screen.findByRole('option', { name: /Astana/ })).toBeInTheDocument();
  return { onChange, input, user };
}

describe('CityAutocomplete', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it("is a combobox labelled 'Select city' with the 'Start typing' placeholder", () => {
    render(<Picker />);
    expect(screen.getByRole('combobox', { name: 'Select city' })).toHaveAttribute(
      'placeholder',
      'Start typing',
    );
  });

  it('debounces the search by 200 ms and searches the latest query only', async () => {
    const spy = vi.fn(search);
    render(<Picker searchCities={spy} />);
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS));
    spy.mockClear();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('combobox'), 'as');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS - 50));
    expect(spy).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(60));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith('as');
  });

  it('selects a found city', async () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('combobox'), 'bish');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    await user.click(await screen.findByRole('option', { name: /Bishkek/ }));
    expect(onChange).toHaveBeenCalledWith(CITIES[2]);
    expect(screen.getByRole('combobox')).toHaveValue('Bishkek');
  });

  it('offers to create a city when nothing matches', async () => {
    const onCreate = vi.fn();
    render(<Picker onCreate={onCreate} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByRole('combobox'), 'Karakol');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    await user.click(await screen.findByRole('option', { name: 'Add “Karakol”' }));
    expect(onCreate).toHaveBeenCalledWith('Karakol');
  });

  it('closes its list on Escape and puts the chosen city back', async () => {
    const { onChange, input, user } = await typedAs();
    await user.keyboard('{Escape}');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveValue('');

    await user.type(input, 'bish');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    await user.click(await screen.findByRole('option', { name: /Bishkek/ }));
    await user.type(input, 'ek town');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    await user.keyboard('{Escape}');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveValue('Bishkek');
    expect(onChange).toHaveBeenLastCalledWith(CITIES[2]);
  });

  it('keeps what is typed when the page scrolls and closes the list', async () => {
    // React Aria closes the list when the page under it scrolls (a phone's keyboard opening, the
    // browser bringing the field into view) and reports "no city" as it would on Escape.
    const { onChange, input, user } = await typedAs();
    fireEvent.scroll(document.body);
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    expect(input).toHaveValue('as');
    expect(input).toHaveFocus();

    await user.type(input, 'tana');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    await user.click(await screen.findByRole('option', { name: /Astana/ }));
    expect(onChange).toHaveBeenLastCalledWith(CITIES[1]);
    expect(input).toHaveValue('Astana');
  });

  it('puts the chosen city back when the field is left', async () => {
    render(
      <>
        <Picker />
        <button type="button">Elsewhere</button>
      </>,
    );
    const input = screen.getByRole('combobox');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(input, 'bish');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    await user.click(await screen.findByRole('option', { name: /Bishkek/ }));
    await user.type(input, 'ek town');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    expect(input).toHaveValue('Bishkek');
  });

  it('shows a city its parent sets after the first render', async () => {
    const { rerender } = render(
      <CityAutocomplete value={null} onChange={() => undefined} searchCities={search} />,
    );
    expect(screen.getByRole('combobox')).toHaveValue('');
    rerender(
      <CityAutocomplete value={CITIES[0]!} onChange={() => undefined} searchCities={search} />,
    );
    expect(screen.getByRole('combobox')).toHaveValue('Almaty');
    rerender(<CityAutocomplete value={null} onChange={() => undefined} searchCities={search} />);
    expect(screen.getByRole('combobox')).toHaveValue('');
  });

  it('keeps its own choice without a value from its parent', async () => {
    const onChange = vi.fn();
    render(
      <CityAutocomplete defaultValue={CITIES[1]!} onChange={onChange} searchCities={search} />,
    );
    const input = screen.getByRole('combobox');
    expect(input).toHaveValue('Astana');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.clear(input);
    await user.type(input, 'bish');
    await act(() => vi.advanceTimersByTimeAsync(CITY_SEARCH_DEBOUNCE_MS + 10));
    await user.click(await screen.findByRole('option', { name: /Bishkek/ }));
    expect(onChange).toHaveBeenLastCalledWith(CITIES[2]);
    expect(input).toHaveValue('Bishkek');
  });
});
