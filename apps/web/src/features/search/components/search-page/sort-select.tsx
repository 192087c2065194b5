import { SORT_LABELS, SORT_VALUES, type Sort } from '@gallop/search-filters';
import { Select } from '@gallop/ui-kit';
import { useVisitorPassport } from '../../../../lib/visitor-passport';

const itemOf = (value: Sort) => ({ value, text: SORT_LABELS[value] });
const WITH_FIT = SORT_VALUES.map(itemOf);
const WITHOUT_FIT = SORT_VALUES.filter((value) => value !== 'fit').map(itemOf);

export interface SortSelectProps {
  value: Sort;
  onChange: (sort: Sort) => void;
}

/**
 * The results' order (react-aria's Select: a chunk of its own, hydrated after the page). "Fits me
 * first" orders by the visitor's rider passport, so it is offered only with one (read here, after
 * hydration: a prop from the page would reach the control before its code, see
 * ./search-page-parts.ts). An address asking it without a passport gets the default order: the
 * control shows that order, and the page says why (`FIT_NEEDS_PASSPORT`).
 */
export function SortSelect({ value, onChange }: SortSelectProps) {
  const { ready, passport } = useVisitorPassport();
  // Until the passport is known (the server's render, hydration), the address's order shows.
  const offersFit = ready ? passport !== null : value === 'fit';
  return (
    <Select
      label="Sort"
      hideLabel
      items={offersFit ? WITH_FIT : WITHOUT_FIT}
      value={value === 'fit' && !offersFit ? 'default' : value}
      onChange={(sort) => onChange(sort as Sort)}
    />
  );
}
