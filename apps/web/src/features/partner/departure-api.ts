/**
 * The organizer decides a whole date (decision 148): kept apart from `api.ts`, which the area's
 * route loaders read, so only the booking page's lazy chunk carries it.
 */
import type { GallopClient } from '@gallop/api-client';
import { operationKeys } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { organizerBookingQuery, type OrganizerDeparture } from './api';

export type DepartureDecision = 'guarantee' | 'cancel';

/**
 * Runs or cancels the whole date of booking `bookingId` (decision 148; cancelling needs the
 * reason every traveller reads), with the decision's `Idempotency-Key` (decision 167: a retry
 * whose first answer was lost is answered what was done, not a 409). The booking is read again,
 * as the decision moved it, and so are the lists.
 */
export async function decideDeparture(
  api: GallopClient<true>,
  queryClient: QueryClient,
  {
    bookingId,
    dateId,
    decision,
    reason,
    idempotencyKey,
  }: {
    bookingId: number;
    dateId: number;
    decision: DepartureDecision;
    reason?: string;
    idempotencyKey: string;
  },
): Promise<OrganizerDeparture> {
  const params = { header: { 'Idempotency-Key': idempotencyKey } };
  const { data } =
    decision === 'guarantee'
      ? await api.POST('/crm/api/partner/departure/guarantee', { params, body: { id: dateId } })
      : await api.POST('/crm/api/partner/departure/cancel', {
          params,
          body: { id: dateId, ...(reason === undefined ? {} : { reason }) },
        });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: organizerBookingQuery(api, bookingId).queryKey }),
    queryClient.invalidateQueries({ queryKey: operationKeys.listOrganizerBookings }),
  ]);
  return data;
}
