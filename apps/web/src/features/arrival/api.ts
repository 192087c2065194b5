/** The arrival info calls (decisions.md: "arrival info read and save"); both need the owner's session. */
import type { components, GallopClient } from '@gallop/api-client';
import {
  getArrivalInfoQueryOptions,
  getBookingRequestByUuidQueryOptions,
} from '@gallop/api-client/query';

export type ArrivalInfo = components['schemas']['ArrivalInfo'];
export type ArrivalInfoInput = components['schemas']['ArrivalInfoInput'];
export type TravelInfoInput = components['schemas']['TravelInfoInput'];

export const arrivalInfoQuery = (api: GallopClient<true>, requestId: number) => ({
  ...getArrivalInfoQueryOptions(api, { query: { id: requestId } }),
  retry: false,
});

export async function saveArrivalInfo(
  api: GallopClient<true>,
  requestId: number,
  input: ArrivalInfoInput,
): Promise<ArrivalInfo> {
  const { data } = await api.POST('/crm/api/request/arrival-info-save', {
    params: { query: { id: requestId } },
    body: input,
  });
  return data;
}

/**
 * The booking behind an arrival link (public by its uuid): which request, which tour. The same
 * entry as the booking page's by link key.
 */
export const arrivalBookingQuery = (api: GallopClient<true>, uuid: string) => ({
  ...getBookingRequestByUuidQueryOptions(api, { query: { uuid } }),
  retry: false,
});
