/**
 * What a visitor can send about a tour (spec sections 1 and 7): the programme by email or
 * WhatsApp, and a complaint. Calls go through the visitor's API client, so the currency and the
 * site headers travel with them; failures reject with `ApiError` (its `message` and field
 * `errors` are shown in the forms).
 */
import type { GallopClient } from '@gallop/api-client';
import { getSiteTokensQueryOptions } from '@gallop/api-client/query';

/** Whether the programme goes out by WhatsApp (a site token) rather than by email. */
export function siteTokensQueryOptions(api: GallopClient) {
  return getSiteTokensQueryOptions(api);
}

export interface ProgrammeOrder {
  tourId: number;
  email: string;
  /** `+` and digits; needed for WhatsApp, optional by email. */
  phone?: string | undefined;
  currency: string;
  viaWhatsapp: boolean;
}

/** Orders the tour programme; answers the request number the API gave it. */
export async function orderProgramme(
  api: GallopClient,
  order: ProgrammeOrder,
): Promise<number | null> {
  const body = {
    email: order.email,
    tour_id: order.tourId,
    currency: order.currency,
    ...(order.phone ? { phone: order.phone } : {}),
  };
  const { data } = order.viaWhatsapp
    ? await api.POST('/spa/tour-program-order-via-whatsapp', {
        body: { ...body, phone: order.phone ?? '' },
      })
    : await api.POST('/spa/tour-program-order-via-email', { body });
  return data.request_id ?? null;
}

/** Sends a complaint about a tour to the support team. */
export async function complainAboutTour(
  api: GallopClient,
  complaint: { tourId: number; text: string },
): Promise<void> {
  await api.POST('/crm/api/tour/complaint', {
    body: { tour_id: complaint.tourId, text: complaint.text.trim() },
  });
}
