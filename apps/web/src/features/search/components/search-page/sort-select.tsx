import { SORT_LABELS, SORT_VALUES, type Sort } from '@gallop/search-filters';
import { Select } from '@gallop/ui-kit';

const SORT_ITEMS = SORT_VALUES.map((value) => ({ value, text: SORT_LABELS[value] }));

export interface SortSelectProps {
  value: Sort;
  onChange: (sort: Sort) => void;
}

/** The results' order (react-aria's Select: a chunk of its own, hydrated after the page). */
export function SortSelect({ value, onChange }: SortSelectProps) {
  return (
    <Select
      label="Sort"
      hideLabel
      items={SORT_ITEMS}
      value={value}
      onChange={(sort) => onChange(sort as Sort)}
    />
  );
}
