/**
 * What a visitor can send about a tour (docs/product.md, Who it is for and Calls): the programme by
 * email or WhatsApp, a subscription to the programme and its new dates, and a complaint. Calls go
 * through the visitor's API client, so the currency and the site headers travel with them; failures
 * reject with `ApiError` (its `message` and field `errors` are shown in the forms).
 */
import type { GallopClient } from '@gallop/api-client';
import { getSiteTokensQueryOptions } from '@gallop/api-client/query';

/** Whether WhatsApp is offered for the programme besides e-mail (a site token). */
export function siteTokensQueryOptions(api: GallopClient<true>) {
  return getSiteTokensQueryOptions(api);
}

export interface ProgrammeOrder {
  tourId: number;
  /** Needed by e-mail, optional by WhatsApp. */
  email?: string | undefined;
  /** `+` and digits; needed for WhatsApp, optional by e-mail. */
  phone?: string | undefined;
  currency: string;
  /** The visitor chose WhatsApp (offered only when the site tokens say so). */
  viaWhatsapp: boolean;
}

/** Orders the tour programme (a PDF); answers the request number the API gave it. */
export async function orderProgramme(
  api: GallopClient<true>,
  order: ProgrammeOrder,
): Promise<number | null> {
  const common = {
    tour_id: order.tourId,
    currency: order.currency,
    ...(order.email ? { email: order.email } : {}),
  };
  const { data } = order.viaWhatsapp
    ? await api.POST('/spa/tour-program-order-via-whatsapp', {
        body: { ...common, phone: order.phone ?? '' },
      })
    : await api.POST('/spa/tour-program-order-via-email', {
        body: {
          ...common,
          email: order.email ?? '',
          ...(order.phone ? { phone: order.phone } : {}),
        },
      });
  return data.request_id ?? null;
}

export interface TourSubscription {
  tourId: number;
  email: string;
  currency: string;
  /** The visitor's `subscriber_id` cookie, when set: the API keeps it rather than giving a new one. */
  subscriberId?: string | undefined;
  /** The individual offer the visitor is looking at (`/order/{uuid}/individual-tour`). */
  uuid?: string | undefined;
}

/** What a follow did: the visitor's subscriber id, and whether the address follows now. */
export interface TourFollow {
  /** The one sent, or a new one. */
  subscriberId: string | undefined;
  /**
   * True for the signed-in visitor's own confirmed address: the programme goes out at once, new
   * dates later. False for any other: a link to confirm the follow went to the address.
   */
  following: boolean;
}

/** Follows a tour by email (`/spa/subscribe-tour-program`), or asks the address to confirm. */
export async function subscribeToTour(
  api: GallopClient<true>,
  subscription: TourSubscription,
): Promise<TourFollow> {
  const { data } = await api.POST('/spa/subscribe-tour-program', {
    body: {
      email: subscription.email,
      tour_id: subscription.tourId,
      currency: subscription.currency,
      ...(subscription.subscriberId ? { subscriber_id: subscription.subscriberId } : {}),
      ...(subscription.uuid ? { uuid: subscription.uuid } : {}),
    },
  });
  return {
    subscriberId: data.subscriber_id ?? subscription.subscriberId,
    following: data.following,
  };
}

/** Sends a complaint about a tour to the support team. */
export async function complainAboutTour(
  api: GallopClient<true>,
  complaint: { tourId: number; text: string },
): Promise<void> {
  await api.POST('/crm/api/tour/complaint', {
    body: { tour_id: complaint.tourId, text: complaint.text.trim() },
  });
}
