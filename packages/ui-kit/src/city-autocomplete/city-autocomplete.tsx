import '../tokens/tokens.css';
import '../form/input.css';
import '../form/listbox.css';
import './city-autocomplete.css';
import { useEffect, useRef, useState } from 'react';
import {
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  type Key,
} from 'react-aria-components';
import { cx } from '../internal/class-names';
import type { AriaNativeProps } from '../internal/root-props';

/** City search debounce, ms (docs/product.md, Constants). */
export const CITY_SEARCH_DEBOUNCE_MS = 200;
/** Autocomplete page size (docs/product.md, Constants). */
export const CITY_AUTOCOMPLETE_LIMIT = 5;
export const CITY_AUTOCOMPLETE_TEXTS = {
  label: 'Select city',
  placeholder: 'Start typing',
  create: 'Add “{name}”',
  empty: 'No city found',
} as const;

export type CityAutocompleteTexts = { [Key in keyof typeof CITY_AUTOCOMPLETE_TEXTS]: string };

/** A city (docs/product.md, Entities). */
export interface City {
  id: number | string;
  name: string;
  region?: string;
  country?: string;
}

/**
 * Native props, `className`, `style` and `ref` go to the field's root `<div>` around the label,
 * the input and the list; react-aria routes the labelling props (`aria-describedby`) to the
 * input, the combobox.
 */
export interface CityAutocompleteProps extends AriaNativeProps<'onChange'> {
  /** The chosen city, when the parent holds it (controlled); a new one shows its name. */
  value?: City | null;
  /** The city chosen at first, when the field holds its choice itself (uncontrolled). */
  defaultValue?: City | null;
  onChange?: (city: City | null) => void;
  /** Looks cities up (the app calls its API here); the query may be empty. */
  searchCities: (query: string) => Promise<readonly City[]>;
  /** When given, a query that matches nothing can be added as a new city. */
  onCreate?: (name: string) => void;
  texts?: Partial<CityAutocompleteTexts>;
  isInvalid?: boolean;
}

const CREATE_KEY = '__gk-create-city__';

const cityKey = (city: City | null) => (city ? `${city.id}\u0000${city.name}` : '');

/**
 * A combobox (WAI-ARIA) over cities found by `searchCities`, debounced 200 ms.
 *
 * **Usage.** Do use it wherever someone names a city (a tour's meeting point, a rider's home town),
 * and pass `onCreate` only where a missing city may be added, such as the organizer's tour form.
 * Don't use it for countries or other short fixed lists (use a `searchable` Select), and don't
 * debounce `searchCities` again: the field already waits 200 ms.
 */
export function CityAutocomplete({
  value: controlled,
  defaultValue = null,
  onChange,
  searchCities,
  onCreate,
  texts: custom,
  isInvalid,
  className,
  ...rest
}: CityAutocompleteProps) {
  const texts = { ...CITY_AUTOCOMPLETE_TEXTS, ...custom };
  const [own, setOwn] = useState<City | null>(defaultValue);
  const value = controlled === undefined ? own : controlled;
  const [query, setQuery] = useState(value?.name ?? '');
  // A city the parent sets later (or clears) replaces what the field shows, during render.
  const [shown, setShown] = useState(value);
  if (cityKey(shown) !== cityKey(value)) {
    setShown(value);
    setQuery(value?.name ?? '');
  }
  const [cities, setCities] = useState<readonly City[]>([]);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  // Set by a key press before React Aria's own handler sees it (capture phase).
  const escaping = useRef(false);
  const search = useRef(searchCities);
  search.current = searchCities;

  useEffect(() => {
    const id = ++request.current;
    setLoading(true);
    const timer = setTimeout(() => {
      search.current(query.trim()).then(
        (found) => {
          // Only the answer to the latest query counts.
          if (id !== request.current) return;
          setCities(found.slice(0, CITY_AUTOCOMPLETE_LIMIT));
          setLoading(false);
        },
        () => {
          if (id !== request.current) return;
          setCities([]);
          setLoading(false);
        },
      );
    }, CITY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const name = query.trim();
  // A new entry is offered when no city matches (docs/product.md, Validation).
  const canCreate = onCreate !== undefined && name !== '' && !loading && cities.length === 0;
  // The chosen city stays in the list, last, whatever was typed: React Aria reverts the input to
  // the chosen option's text on Escape and on leaving, and finds that text only in the list.
  const keepsChoice =
    value !== null && !cities.some((city) => String(city.id) === String(value.id));
  const items = [
    ...cities.map((city) => ({ key: String(city.id), city })),
    ...(keepsChoice ? [{ key: String(value.id), city: value }] : []),
    ...(canCreate ? [{ key: CREATE_KEY, city: undefined }] : []),
  ];

  const select = (key: Key | null) => {
    if (key === CREATE_KEY) {
      onCreate?.(name);
      return;
    }
    // React Aria also reports "no choice" when the list closes because the page scrolled (a
    // phone's keyboard opening): while the field keeps its focus, only Escape is a revert, and
    // what was typed stays.
    const typing = document.activeElement === inputRef.current && !escaping.current;
    if (key === null && typing) return;
    // Escape and leaving the field send React Aria's revert: the chosen city's key, or null when
    // the typed text found it no more. Only an emptied field gives the choice up.
    const found = key === null ? undefined : cities.find((item) => String(item.id) === key);
    const city = found ?? (query.trim() === '' ? null : value);
    // The input shows the choice again, so the list does not reopen on the typed text.
    setQuery(city?.name ?? '');
    if (cityKey(city) === cityKey(value)) return;
    setOwn(city);
    setShown(city);
    onChange?.(city);
  };

  return (
    <ComboBox
      {...rest}
      className={cx('gk-city-autocomplete', className)}
      items={items}
      inputValue={query}
      onInputChange={setQuery}
      selectedKey={value ? String(value.id) : null}
      onSelectionChange={select}
      menuTrigger="focus"
      allowsEmptyCollection
      isInvalid={isInvalid}
    >
      <Label className="gk-city-autocomplete__label">{texts.label}</Label>
      <Input
        ref={inputRef}
        className="gk-input"
        placeholder={texts.placeholder}
        onKeyDownCapture={(event) => {
          escaping.current = event.key === 'Escape';
        }}
      />
      <Popover className="gk-city-autocomplete__popover" placement="bottom start">
        <ListBox
          className="gk-listbox"
          renderEmptyState={() => (
            <p className="gk-listbox__empty">{loading ? '…' : texts.empty}</p>
          )}
        >
          {(item: (typeof items)[number]) => (
            <ListBoxItem
              id={item.key}
              textValue={item.city?.name ?? name}
              className="gk-listbox__option"
            >
              {item.city ? (
                <>
                  <span>{item.city.name}</span>
                  {(item.city.region ?? item.city.country) && (
                    <span className="gk-listbox__hint">
                      {[item.city.region, item.city.country].filter(Boolean).join(', ')}
                    </span>
                  )}
                </>
              ) : (
                <span className="gk-city-autocomplete__create">
                  {texts.create.replace('{name}', name)}
                </span>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
