import type { SearchFilters } from '@gallop/search-filters';
import type { FacetOption, FilterFacets } from '../../api';
import { FacetChecklist } from './facet-checklist';
import { readId } from './facet-values';
import { FilterGroup, OneValueGroups, type OneValueKind } from './filter-group';
import type { FilterChange } from './search-filters';

export interface CruiseFiltersProps {
  filters: SearchFilters;
  facets: FilterFacets | undefined;
  onChange: (change: FilterChange) => void;
}

/**
 * The choices of the cabins filter (`cruisesCabinsCapacity`: cabins for at least N travellers).
 * The facet counts each exact capacity, so "N or more" counts the capacities N and above.
 */
export function cabinChoices(options: readonly FacetOption[]): FacetOption[] {
  const byCapacity = options
    .map((option) => ({ capacity: readId(option.value), count: option.count }))
    .filter(
      (option): option is { capacity: number; count: number } => option.capacity !== undefined,
    )
    .sort((a, b) => a.capacity - b.capacity);
  return byCapacity.map(({ capacity }) => ({
    value: capacity,
    text: `${capacity} or more`,
    count: byCapacity
      .filter((other) => other.capacity >= capacity)
      .reduce((sum, other) => sum + other.count, 0),
  }));
}

const CRUISE_PLACES: readonly OneValueKind[] = [
  {
    facet: 'cruise_types',
    field: 'cruisesType',
    title: 'Cruise type',
    control: 'radios',
    anyText: 'Any cruise',
    defaultOpen: true,
  },
  {
    facet: 'water_objects',
    field: 'waterObject',
    title: 'River, lake or sea',
    control: 'select',
    anyText: 'Any water',
  },
  {
    facet: 'cruise_start_cities',
    field: 'cruisesStartCity',
    title: 'Departure port',
    control: 'select',
    anyText: 'Any port',
  },
];

const CABINS: OneValueKind = {
  facet: 'cabins_capacity',
  field: 'cruisesCabinsCapacity',
  title: 'Travellers per cabin',
  control: 'radios',
  anyText: 'Any cabin',
  choices: cabinChoices,
};

/** The filters only cruises have: type, water, port, ship, cabins and round trips. */
export function CruiseFilters({ filters, facets, onChange }: CruiseFiltersProps) {
  const ships = facets?.ships ?? [];
  const returning = facets?.returning_cruises ?? [];
  return (
    <>
      <OneValueGroups kinds={CRUISE_PLACES} filters={filters} facets={facets} onChange={onChange} />
      {ships.length > 0 && (
        <FilterGroup title="Ship" defaultOpen={filters.ships !== undefined}>
          <FacetChecklist
            legend="Ship"
            options={ships}
            selected={filters.ships ?? []}
            parse={readId}
            onChange={(values) => onChange({ ships: values })}
          />
        </FilterGroup>
      )}
      <OneValueGroups kinds={[CABINS]} filters={filters} facets={facets} onChange={onChange} />
      {returning.length > 0 && (
        <FilterGroup title="Round trip" defaultOpen={filters.onlyReturningCruises === true}>
          <FacetChecklist
            legend="Round trip"
            options={returning.map((option) => ({
              ...option,
              text: 'Back to the departure port',
            }))}
            selected={filters.onlyReturningCruises ? [1] : []}
            parse={readId}
            onChange={(values) =>
              onChange({ onlyReturningCruises: values.length > 0 ? true : undefined })
            }
          />
        </FilterGroup>
      )}
    </>
  );
}
