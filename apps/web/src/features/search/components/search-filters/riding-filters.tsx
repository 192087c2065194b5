import { KG_PER_LB, LEVEL_LABELS, riderWeightRange, type WeightUnit } from '@gallop/rider-fit';
import {
  MAX_HOURS_OPTIONS,
  QUERY_BOUNDS,
  RIDER_LEVELS,
  TACKS,
  type RiderLevel,
  type SearchFilters,
  type Tack,
} from '@gallop/search-filters';
import { NumberInput, Select } from '@gallop/ui-kit';
import { useId, useState } from 'react';
import { useWeightUnit } from '../../../../lib/weight-unit';
import type { FacetOption, FilterFacets } from '../../api';
import { FacetChecklist, RadioList } from './facet-checklist';
import { FilterGroup } from './filter-group';
import type { FilterChange } from './search-filters';

export interface RidingFiltersProps {
  filters: SearchFilters;
  facets: FilterFacets | undefined;
  onChange: (change: FilterChange) => void;
}

/**
 * A facet's count of each value: 0 for a value it does not list (it lists counted values only),
 * nothing at all while the answer has no such facet.
 */
function countOf(options: readonly FacetOption[] | undefined) {
  if (!options) return () => undefined;
  const counts = new Map(options.map((option) => [String(option.value), option.count]));
  return (value: string | number) => counts.get(String(value)) ?? 0;
}

const ANY_LEVEL = 'any';

const readTack = (value: FacetOption['value']): Tack | undefined =>
  TACKS.find((tack) => tack === value);

/** The hours offered: the facet's options, and the chosen hours when they are none of them. */
function hoursChoices(
  facet: readonly FacetOption[] | undefined,
  chosen: number | undefined,
): { value: number; text: string }[] {
  const count = countOf(facet);
  const hours = [...new Set([...MAX_HOURS_OPTIONS, ...(chosen === undefined ? [] : [chosen])])];
  return hours
    .sort((a, b) => a - b)
    .map((value) => {
      const counted = MAX_HOURS_OPTIONS.some((option) => option === value)
        ? count(value)
        : undefined;
      const text = `Up to ${value} hours`;
      return { value, text: counted === undefined ? text : `${text} (${counted})` };
    });
}

/**
 * The riding requirements a rider filters on (issue 46): a level (tours for that level or
 * below, named as `LEVEL_DEFINITIONS` names them), tacks, the longest day in the saddle and the
 * rider's weight (tours with a horse for them on a date the search matches).
 */
export function RidingFilters({ filters, facets, onChange }: RidingFiltersProps) {
  const weightId = useId();
  const weightUnit = useWeightUnit();
  const levelCount = countOf(facets?.rider_level);
  const tacks = facets?.tack ?? [];
  return (
    <>
      <FilterGroup title="Rider level" defaultOpen={filters.riderLevel !== undefined}>
        <RadioList<RiderLevel | typeof ANY_LEVEL>
          legend="Rider level"
          name="riderLevel"
          choices={[
            { value: ANY_LEVEL, text: 'Any level' },
            ...RIDER_LEVELS.map((level) => ({
              value: level,
              text: LEVEL_LABELS[level],
              count: levelCount(level),
            })),
          ]}
          value={filters.riderLevel ?? ANY_LEVEL}
          onChange={(level) => onChange({ riderLevel: level === ANY_LEVEL ? undefined : level })}
        />
      </FilterGroup>
      {tacks.length > 0 && (
        <FilterGroup title="Tack" defaultOpen={filters.tack !== undefined}>
          <FacetChecklist
            legend="Tack"
            options={tacks}
            selected={filters.tack ?? []}
            parse={readTack}
            onChange={(values) => onChange({ tack: values })}
          />
        </FilterGroup>
      )}
      <FilterGroup title="Hours in the saddle per day" defaultOpen={filters.maxHours !== undefined}>
        <Select
          label="Hours in the saddle per day"
          hideLabel
          items={[
            { value: 0, text: 'Any length' },
            ...hoursChoices(facets?.max_hours, filters.maxHours),
          ]}
          value={filters.maxHours ?? 0}
          onChange={(hours) => onChange({ maxHours: hours === 0 ? undefined : hours })}
        />
      </FilterGroup>
      <FilterGroup
        title={`Rider weight, ${weightUnit}`}
        defaultOpen={filters.riderWeight !== undefined}
      >
        <div className="search-filters__weight">
          <label htmlFor={weightId} className="search-sr-only">
            {`Rider weight, ${weightUnit}`}
          </label>
          <FilterWeightInput
            id={weightId}
            kg={filters.riderWeight}
            unit={weightUnit}
            onChange={(kg) => onChange({ riderWeight: kg })}
          />
          <p className="search-filters__hint">
            With clothing: only tours with a horse for you on a date you can book.
          </p>
        </div>
      </FilterGroup>
    </>
  );
}

/**
 * The search's rider weight (whole kilograms in the address, `riderWeight`) typed in the visitor's
 * unit. Pounds go up to the next whole kilogram, which finds exactly the tours the weight itself
 * would (their limits are whole kilograms); the pounds typed stay shown while they mean the
 * address's weight, and an address alone shows the most pounds that round up to it.
 */
function FilterWeightInput({
  id,
  kg,
  unit,
  onChange,
}: {
  id: string;
  kg: number | undefined;
  unit: WeightUnit;
  onChange: (kg: number | undefined) => void;
}) {
  const [typed, setTyped] = useState<number | undefined>();
  const toKg = (value: number) => Math.ceil(unit === 'kg' ? value : value * KG_PER_LB);
  const range = riderWeightRange(unit);
  const shown =
    kg === undefined
      ? null
      : unit === 'kg'
        ? kg
        : typed !== undefined && toKg(typed) === kg
          ? typed
          : Math.floor(kg / KG_PER_LB);
  return (
    <NumberInput
      id={id}
      value={shown}
      min={range.min}
      max={range.max}
      placeholder="Any weight"
      onChange={(value) => {
        setTyped(value ?? undefined);
        onChange(value === null ? undefined : Math.min(QUERY_BOUNDS.riderWeightMax, toKg(value)));
      }}
    />
  );
}
