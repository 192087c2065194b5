import { useId, useState } from 'react';
import type { FacetOption } from '../../api';

/** Options shown before 'Show all'. */
export const FACET_VISIBLE_OPTIONS = 6;

export interface FacetChecklistProps<Value extends string | number> {
  legend: string;
  options: readonly FacetOption[];
  selected: readonly Value[];
  /** Reads an option's value into the filter's type (ids are numbers, codes strings). */
  parse: (value: FacetOption['value']) => Value | undefined;
  onChange: (values: Value[]) => void;
}

function FacetCount({ count }: { count: number }) {
  return (
    <span className="search-facet__count">
      {count}
      <span className="search-sr-only"> {count === 1 ? 'tour' : 'tours'}</span>
    </span>
  );
}

/** Checkboxes with the facet counts; chosen options always stay visible. */
export function FacetChecklist<Value extends string | number>({
  legend,
  options,
  selected,
  parse,
  onChange,
}: FacetChecklistProps<Value>) {
  const [showAll, setShowAll] = useState(false);
  const id = useId();
  const chosen = new Set<string | number>(selected);
  const visible = showAll
    ? options
    : options.filter((option, index) => index < FACET_VISIBLE_OPTIONS || chosen.has(option.value));
  const toggle = (value: Value, checked: boolean) =>
    onChange(checked ? [...selected, value] : selected.filter((item) => item !== value));
  return (
    <fieldset className="search-facet">
      <legend className="search-sr-only">{legend}</legend>
      <ul className="search-facet__list">
        {visible.map((option) => {
          const value = parse(option.value);
          if (value === undefined) return null;
          const inputId = `${id}-${option.value}`;
          return (
            <li key={option.value} className="search-facet__option">
              <input
                id={inputId}
                type="checkbox"
                className="search-check"
                checked={chosen.has(value)}
                onChange={(event) => toggle(value, event.currentTarget.checked)}
              />
              <label htmlFor={inputId} className="search-facet__label">
                {option.text} <FacetCount count={option.count} />
              </label>
            </li>
          );
        })}
      </ul>
      {options.length > visible.length && (
        <button type="button" className="search-link-button" onClick={() => setShowAll(true)}>
          {`Show all ${options.length}`}
        </button>
      )}
    </fieldset>
  );
}

interface RadioChoice<Value extends string | number> {
  value: Value;
  text: string;
  count?: number | undefined;
}

export interface RadioListProps<Value extends string | number> {
  legend: string;
  name: string;
  choices: readonly RadioChoice<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}

/** One choice among a few (accommodation, organizer type, trip type). */
export function RadioList<Value extends string | number>({
  legend,
  name,
  choices,
  value,
  onChange,
}: RadioListProps<Value>) {
  const id = useId();
  return (
    <fieldset className="search-facet">
      <legend className="search-sr-only">{legend}</legend>
      <ul className="search-facet__list">
        {choices.map((choice) => {
          const inputId = `${id}-${choice.value}`;
          return (
            <li key={choice.value} className="search-facet__option">
              <input
                id={inputId}
                type="radio"
                name={`${name}-${id}`}
                className="search-check search-check--radio"
                checked={choice.value === value}
                onChange={() => onChange(choice.value)}
              />
              <label htmlFor={inputId} className="search-facet__label">
                {choice.text}
                {choice.count !== undefined && (
                  <>
                    {' '}
                    <FacetCount count={choice.count} />
                  </>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
