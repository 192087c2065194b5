import {
  WELFARE_COMMITMENTS,
  type SearchFilters,
  type WelfareCommitment,
} from '@gallop/search-filters';
import type { FacetOption, FilterFacets } from '../../api';
import { FacetChecklist } from './facet-checklist';
import { FilterGroup } from './filter-group';
import type { FilterChange } from './search-filters';

export interface WelfareFilterProps {
  filters: SearchFilters;
  facets: FilterFacets | undefined;
  onChange: (change: FilterChange) => void;
}

const readCommitment = (value: FacetOption['value']): WelfareCommitment | undefined =>
  WELFARE_COMMITMENTS.find((commitment) => commitment === value);

/**
 * The horse-welfare commitments a rider asks for (issue 47, decision 122): every one ticked must
 * hold, as the tour page's "Horse welfare" card states it. Each count is the tours a commitment
 * gives on its own with the other filters; only commitments some tour holds are offered.
 */
export function WelfareFilter({ filters, facets, onChange }: WelfareFilterProps) {
  const options = facets?.welfare ?? [];
  if (options.length === 0 && !filters.welfare) return null;
  return (
    <FilterGroup title="Horse welfare" defaultOpen={filters.welfare !== undefined}>
      <p className="search-filters__hint">
        Tours whose horses are kept with every commitment you tick. Organizers who have not said how
        their horses are kept match none.
      </p>
      <FacetChecklist
        legend="Horse welfare commitments"
        options={options}
        selected={filters.welfare ?? []}
        parse={readCommitment}
        onChange={(values) => onChange({ welfare: values })}
      />
    </FilterGroup>
  );
}
