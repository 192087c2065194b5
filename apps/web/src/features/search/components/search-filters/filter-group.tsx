import { Collapse } from '@gallop/ui-kit';
import type { SearchFilters } from '@gallop/search-filters';
import type { ReactNode } from 'react';
import type { FacetOption, FilterFacets } from '../../api';
import { RadioList } from './facet-checklist';
import { FacetSelect } from './facet-select';
import { oneOfChoices } from './facet-values';

/** One filter kind of the panel: a collapsible group with its title as a heading. */
export function FilterGroup({
  title,
  defaultOpen = false,
  children,
}: {
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <Collapse title={title} defaultOpen={defaultOpen} headingLevel={3} className="search-group">
      {children}
    </Collapse>
  );
}

/** A filter that takes one id of a facet, or none ('any'). */
interface OneValueGroupProps {
  title: string;
  /**
   * Radios for a few options (a world part, a cruise type); a select for many (a landmark, a
   * port).
   */
  control: 'radios' | 'select';
  /** The choice that clears the filter ('Anywhere', 'Any port'). */
  anyText: string;
  options: readonly FacetOption[];
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  /** Open at first; by default only while a value is chosen. */
  defaultOpen?: boolean;
}

/** A one-value filter as a group of its own, each option with its count; none without options. */
function OneValueGroup({
  title,
  control,
  anyText,
  options,
  value,
  onChange,
  defaultOpen,
}: OneValueGroupProps) {
  if (options.length === 0) return null;
  return (
    <FilterGroup title={title} defaultOpen={defaultOpen ?? value !== undefined}>
      {control === 'radios' ? (
        <RadioList
          legend={title}
          name={title}
          choices={oneOfChoices(anyText, options)}
          value={value ?? 0}
          onChange={(chosen) => onChange(chosen === 0 ? undefined : chosen)}
        />
      ) : (
        <FacetSelect
          label={title}
          hideLabel
          anyText={anyText}
          options={options}
          value={value}
          onChange={onChange}
        />
      )}
    </FilterGroup>
  );
}

/** A one-value filter kind: the facet offering its values and the filter field it sets. */
export interface OneValueKind {
  facet:
    | 'world_parts'
    | 'showplaces'
    | 'cruise_types'
    | 'water_objects'
    | 'cruise_start_cities'
    | 'cabins_capacity';
  field:
    | 'continent'
    | 'showplace'
    | 'cruisesType'
    | 'waterObject'
    | 'cruisesStartCity'
    | 'cruisesCabinsCapacity';
  title: string;
  control: OneValueGroupProps['control'];
  anyText: string;
  defaultOpen?: boolean;
  /** The choices made of the facet's options (by default the options themselves). */
  choices?: (options: readonly FacetOption[]) => readonly FacetOption[];
}

/** A group per kind, for the values the facets offer. */
export function OneValueGroups({
  kinds,
  filters,
  facets,
  onChange,
}: {
  kinds: readonly OneValueKind[];
  filters: SearchFilters;
  facets: FilterFacets | undefined;
  onChange: (change: Partial<Record<OneValueKind['field'], number | undefined>>) => void;
}) {
  return kinds.map(({ facet, field, choices, ...kind }) => {
    const options = facets?.[facet] ?? [];
    return (
      <OneValueGroup
        key={field}
        {...kind}
        options={choices ? choices(options) : options}
        value={filters[field]}
        onChange={(value) => onChange({ [field]: value })}
      />
    );
  });
}
