import { countText } from '@gallop/ui-kit';

/**
 * Who travels, as the booking pages say it: '3 riders', or '4 riders, 1 non-rider' when
 * companions come along without riding (decision 118).
 */
export function partyText(riders: number, nonRiders: number): string {
  const ridersText = countText('{count} rider(s)', riders);
  return nonRiders > 0
    ? `${ridersText}, ${countText('{count} non-rider(s)', nonRiders)}`
    : ridersText;
}
