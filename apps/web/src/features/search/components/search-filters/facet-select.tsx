import { Select } from '@gallop/ui-kit';
import type { FacetOption } from '../../api';

/** From this many options on, the select offers a search field. */
const SEARCHABLE_FROM = 12;

export interface FacetSelectProps {
  label: string;
  /** Hides the label where the group's title already names the select. */
  hideLabel?: boolean;
  /** The item that clears the choice ('Any organizer'). */
  anyText: string;
  options: readonly FacetOption[];
  /** The chosen id; undefined for none. */
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  className?: string;
}

/** One choice among the many values of a facet (an organizer, a landmark, a port), with counts. */
export function FacetSelect({
  label,
  hideLabel,
  anyText,
  options,
  value,
  onChange,
  className,
}: FacetSelectProps) {
  return (
    <Select
      label={label}
      hideLabel={hideLabel}
      className={className}
      searchable={options.length >= SEARCHABLE_FROM}
      items={[
        { value: 0, text: anyText },
        ...options.map((option) => ({
          value: Number(option.value),
          text: `${option.text} (${option.count})`,
        })),
      ]}
      value={value ?? 0}
      onChange={(next) => onChange(next === 0 ? undefined : Number(next))}
    />
  );
}
