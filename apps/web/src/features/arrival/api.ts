/** The arrival info calls (decisions.md: "arrival info read and save"); both need the owner's session. */
import type { components, GallopClient } from '@gallop/api-client';

export type ArrivalInfo = components['schemas']['ArrivalInfo'];
export type ArrivalInfoInput = components['schemas']['ArrivalInfoInput'];
export type TravelInfoInput = components['schemas']['TravelInfoInput'];

export const arrivalInfoQuery = (api: GallopClient, requestId: number) => ({
  queryKey: ['arrival-info', requestId],
  queryFn: async () =>
    (await api.GET('/crm/api/request/arrival-info', { params: { query: { id: requestId } } })).data,
  retry: false,
});

export async function saveArrivalInfo(
  api: GallopClient,
  requestId: number,
  input: ArrivalInfoInput,
): Promise<ArrivalInfo> {
  const { data } = await api.POST('/crm/api/request/arrival-info-save', {
    params: { query: { id: requestId } },
    body: input,
  });
  return data;
}

/** The booking behind an arrival link (public by its uuid): which request, which tour. */
export const arrivalBookingQuery = (api: GallopClient, uuid: string) => ({
  queryKey: ['booking', 'uuid', uuid],
  queryFn: async () =>
    (await api.GET('/crm/api/request/get-by-uuid', { params: { query: { uuid } } })).data,
  retry: false,
});
