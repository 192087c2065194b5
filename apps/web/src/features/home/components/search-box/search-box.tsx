import type { components } from '@gallop/api-client';
import { getToursFilterCompletionQueryOptions } from '@gallop/api-client/query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useApi } from '../../../../lib/api';
import { useDebouncedValue } from './use-debounced-value';
import './search-box.css';

type Suggestion = components['schemas']['CompletionItem'];

/** Suggestions shown (docs/product.md, Constants: autocomplete 5). */
const SUGGESTION_LIMIT = 5;
/** Typing pause before asking; a newer phrase also cancels the pending call (api-client). */
const TYPING_PAUSE_MS = 150;
/** Where a search without a chosen suggestion goes: the whole catalogue. */
const CATALOGUE_PATH = '/tours';

const TYPE_LABELS: Record<Suggestion['type'], string> = {
  country: 'Country',
  region: 'Region',
  city: 'City',
  rest_kind: 'Ride style',
  collection: 'Collection',
  tour: 'Tour',
  showplace: 'Place',
  organizer: 'Tour provider',
};

/**
 * Where a suggestion leads: the API's `url`, the search it names (a catalogue page or
 * `/tours?cities=…`) or a tour or organizer page. Never a path made from a place's slug: the
 * site has no page there, and a slug ending in `-<id>` would read as a tour's address.
 */
export function suggestionPath(item: Suggestion): string {
  return item.url;
}

/**
 * The landing's search: a combobox (WAI-ARIA 1.2) suggesting up to 5 places, ride styles, tours
 * and providers as the visitor types. Choosing one opens its page; searching without a choice
 * opens the first suggestion, or the catalogue.
 */
export function SearchBox() {
  const api = useApi();
  const navigate = useNavigate();
  const id = useId();
  const [phrase, setPhrase] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useDebouncedValue(phrase.trim(), TYPING_PAUSE_MS);
  // `useQuery`: follows what is typed, keeping the last suggestions while the next load.
  const completion = useQuery({
    ...getToursFilterCompletionQueryOptions(api, {
      query: { phrase: settled, limit: SUGGESTION_LIMIT },
    }),
    enabled: settled !== '',
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const suggestions = phrase.trim() === '' ? [] : (completion.data?.items ?? []);
  const expanded = open && suggestions.length > 0;
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const formRef = useRef<HTMLFormElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (expanded) revealSuggestions(formRef.current, listRef.current);
  }, [expanded, suggestions.length]);

  const go = (path: string) => {
    setOpen(false);
    void navigate({ href: path });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = suggestions[active] ?? suggestions[0];
    go(chosen ? suggestionPath(chosen) : CATALOGUE_PATH);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <form
      ref={formRef}
      className="search-box"
      role="search"
      action={CATALOGUE_PATH}
      onSubmit={onSubmit}
    >
      <label htmlFor={`${id}-input`} className="search-box__label">
        Where do you want to ride?
      </label>
      <div className="search-box__field">
        <SearchIcon />
        <input
          id={`${id}-input`}
          className="search-box__input"
          type="text"
          name="phrase"
          role="combobox"
          autoComplete="off"
          placeholder="Country, region or tour"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={phrase}
          onChange={(event) => {
            setPhrase(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        <button type="submit" className="search-box__submit">
          Search
        </button>
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="search-box__list"
        hidden={!expanded}
      >
        {suggestions.map((item, index) => (
          <li
            key={`${item.type}-${item.id ?? item.text}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="search-box__option"
            // Chosen on mousedown: a click would come after the input's blur closed the list.
            onMouseDown={(event) => {
              event.preventDefault();
              go(suggestionPath(item));
            }}
          >
            <span className="search-box__option-text">{item.text}</span>
            <span className="search-box__option-type">{TYPE_LABELS[item.type]}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}

/**
 * On a short screen the open list can run past the bottom edge or under the cookie notice: the search box then moves up (below the sticky header, see `scroll-margin-top`) so every
 * suggestion can be seen and tapped.
 */
function revealSuggestions(form: HTMLFormElement | null, list: HTMLUListElement | null) {
  const last = list?.lastElementChild;
  // Not in every DOM (jsdom has neither).
  if (!form || !last || !document.elementFromPoint || !form.scrollIntoView) return;
  const { left, right, top, bottom } = last.getBoundingClientRect();
  const centre = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
  // Off screen (no element there) or covered by something fixed, such as the cookie notice.
  if (bottom <= window.innerHeight && centre && last.contains(centre)) return;
  form.scrollIntoView({ block: 'start', behavior: 'instant' });
}

function SearchIcon() {
  return (
    <svg
      className="search-box__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </svg>
  );
}
