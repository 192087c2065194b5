import type { RequestRow } from './records.ts';
import { counted } from './wording.ts';

/**
 * Who a booking is for, in the words of its e-mails: '2 riders' or '2 riders and 1 non-rider'.
 * `seats` counts riders only (decision 118), so the companions are named apart, the organizer
 * needing to know who needs a horse and who only a bed.
 */
export function partyText(request: Pick<RequestRow, 'seats' | 'nonRiders'>): string {
  const riders = counted(request.seats, 'rider');
  return request.nonRiders > 0
    ? `${riders} and ${counted(request.nonRiders, 'non-rider')}`
    : riders;
}
