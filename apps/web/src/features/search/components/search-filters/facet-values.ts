import type { FacetOption } from '../../api';

/** A facet value as a filter id (a positive integer), or undefined. */
export function readId(value: FacetOption['value']): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Radio choices for a one-value filter: 'any' (0) first, then each option with its count. */
export function oneOfChoices(anyText: string, options: readonly FacetOption[]) {
  return [
    { value: 0, text: anyText },
    ...options.flatMap((option) => {
      const value = readId(option.value);
      return value === undefined ? [] : [{ value, text: option.text, count: option.count }];
    }),
  ];
}
