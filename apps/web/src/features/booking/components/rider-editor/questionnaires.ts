import type { GallopClient } from '@gallop/api-client';
import type { TouristInput, TouristsInfo } from '../../api';

/**
 * Fills in riders' details through the booking's link (`update-tourists-questionnaires`): what
 * anyone holding it may change, names, contacts and food; each rider named keeps the weight stored
 * (decision 137). Riders not named stay as they are.
 */
export async function fillQuestionnaires(
  api: GallopClient<true>,
  booking: { id: number; uuid: string },
  tourists: TouristInput[],
): Promise<TouristsInfo> {
  const { data } = await api.POST('/crm/api/request/update-tourists-questionnaires', {
    params: { query: { id: booking.id, uuid: booking.uuid } },
    body: { tourists },
  });
  return data;
}
