/**
 * Ordering a tour's programme (docs/product.md, Calls, "Tour and program actions"): by e-mail, by
 * WhatsApp (when the site tokens offer it), or by following the tour. Each order is stored, and
 * the programme queued through the outbox with its PDF attached; a follower's copy carries the
 * link that unfollows the tour. Every message counts against its recipient's caps
 * (`accounts/mail-limits.ts`, an hour and a day, whoever asks); a follow with an address nobody
 * proved sends only the link that confirms it (`follow-confirmation.ts`).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tourProgramRequests, tours } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import type { TourMailLimits } from '#src/modules/accounts/index.ts';
import { loadTourPage } from '#src/modules/catalog/index.ts';
import { readSiteSettings } from '#src/modules/content/index.ts';
import {
  enqueueMessage,
  type OutboxAttachment,
  type OutboxMessage,
} from '#src/modules/notifications/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { isSupportedCurrency, type Rates, type RatesCache } from '#src/shared/money/rates.ts';
import { newestDateId } from './followers.ts';
import { programmeMessage } from './messages.ts';
import { programmeFileName, renderProgrammePdf } from './programme-pdf.ts';
import { publishedTour, UNKNOWN_TOUR } from './published-tour.ts';
import { refollow, unfollowToken, unfollowUrl, type Following } from './unfollow.ts';

/** The answer to a WhatsApp order where the site tokens offer the programme by e-mail only. */
export const NO_WHATSAPP = 'The programme is sent by e-mail only: leave your e-mail address';
/** The answer to a WhatsApp order where nothing delivers WhatsApp messages (decision 060). */
export const WHATSAPP_UNDELIVERABLE =
  'The programme cannot be sent by WhatsApp at the moment: please leave your e-mail address.';

type OutboxChannel = OutboxMessage['channel'];

/** What an order needs: the database, the rates, the public site, the unfollow links' secret. */
export interface ProgrammeOrdering {
  db: Database;
  /** Currency rates: the programme's PDF prices the dates in the visitor's currency. */
  rates: RatesCache;
  publicUrl: string;
  /** Signs the unfollow links of the follower e-mails (read when a link is signed). */
  followerSecret: () => string;
  /**
   * The outbox channels that reach a number a visitor types (production: only those with a
   * transport, decision 060); none given, every one (module tests, development).
   */
  reachableChannels?: readonly OutboxChannel[] | undefined;
  /** The caps on what one recipient gets: every message queued here counts. */
  mailLimits: TourMailLimits;
}

/**
 * The visitor's own currency (`X-Currency`), asked only when the order names none; it may refuse
 * one the rates table does not know.
 */
export type VisitorCurrency = (rates: Rates) => string;

export interface ProgrammeOrder {
  channel: 'email' | 'whatsapp' | 'subscription';
  email?: string | undefined;
  phone?: string | undefined;
  currency?: string | undefined;
  subscriberId?: string | undefined;
  individualTourUuid?: string | undefined;
  bookingRequestId?: number | undefined;
  seenDateId?: number | undefined;
}

/**
 * The currency the programme's prices are in: the one the order names, else the visitor's
 * (`X-Currency`); 422 for one the rates table does not know.
 */
export async function programmeCurrency(
  rates: RatesCache,
  visitorCurrency: VisitorCurrency,
  named: string | undefined,
) {
  const table = await rates.get();
  if (named === undefined) return { currency: visitorCurrency(table), rates: table };
  if (!isSupportedCurrency(table, named)) {
    throw unprocessable(`Currency ${named} is not supported`, {
      currency: ['Choose a currency the site offers'],
    });
  }
  return { currency: named, rates: table };
}

/** The programme as the traveller's PDF: the tour page's facts, dates and prices, days, policy. */
async function programmePdf(
  { db, publicUrl }: ProgrammeOrdering,
  tourId: number,
  prices: Awaited<ReturnType<typeof programmeCurrency>>,
): Promise<OutboxAttachment> {
  const [row] = await db.select().from(tours).where(eq(tours.id, tourId)).limit(1);
  if (!row) throw UNKNOWN_TOUR.field();
  const today = todayIso();
  const page = await loadTourPage(db, row, {
    ...prices,
    today,
    withAlt: false,
    format: 'full',
    expandProgram: true,
    expandReviews: false,
  });
  return {
    filename: programmeFileName(row.slug),
    contentType: 'application/pdf',
    content: await renderProgrammePdf(page, { publicUrl, today }),
  };
}

/**
 * Queues the programme of a published tour, with its PDF, to one address; answers the stored
 * request's id. The PDF is rendered before the transaction, which then only writes.
 */
export async function orderProgramme(
  ordering: ProgrammeOrdering,
  visitorCurrency: VisitorCurrency,
  tourId: number,
  order: ProgrammeOrder,
): Promise<number> {
  const { db, publicUrl, followerSecret } = ordering;
  const tour = await publishedTour(db, tourId);
  const prices = await programmeCurrency(ordering.rates, visitorCurrency, order.currency);
  const recipient = order.channel === 'whatsapp' ? order.phone : order.email;
  // Counted once the order is known good, before the PDF (its costliest part) is made.
  if (recipient) await ordering.mailLimits.beforeSending(recipient);
  const pdf = await programmePdf(ordering, tour.id, prices);
  // A follower's copy carries the link that unfollows the tour.
  const following: Following | undefined =
    order.channel === 'subscription' && order.email
      ? { tourId: tour.id, email: order.email }
      : undefined;
  const unsubscribeUrl =
    following && unfollowUrl(publicUrl, unfollowToken(followerSecret(), following));
  const message = programmeMessage(tour, publicUrl, unsubscribeUrl);
  return db.transaction(async (tx) => {
    // Following again turns the new-date e-mails back on.
    if (following) await refollow(tx, following);
    const [stored] = await tx
      .insert(tourProgramRequests)
      .values({ tourId: tour.id, ...order })
      .returning({ id: tourProgramRequests.id });
    if (recipient) {
      await enqueueMessage(
        tx,
        {
          kind: 'tour-program',
          channel: order.channel === 'whatsapp' ? 'whatsapp' : 'email',
          recipient,
          ...message,
          payload: {
            tourId: tour.id,
            requestId: stored!.id,
            currency: order.currency ?? null,
            // The SMTP transport sends it as List-Unsubscribe (decision 060).
            ...(unsubscribeUrl && { unsubscribeUrl }),
          },
        },
        [pdf],
      );
    }
    return stored!.id;
  });
}

/**
 * A WhatsApp order, when the site tokens offer the programme by WhatsApp and something delivers
 * WhatsApp messages (else 422: the traveller would wait for a message that never comes).
 */
export async function orderProgrammeByWhatsapp(
  ordering: ProgrammeOrdering,
  visitorCurrency: VisitorCurrency,
  tourId: number,
  order: Omit<ProgrammeOrder, 'channel'>,
): Promise<number> {
  const { site_tokens: tokens } = await readSiteSettings(ordering.db, ['site_tokens']);
  if (!tokens.send_tour_program_in_pdf_via_whatsapp) {
    throw unprocessable(NO_WHATSAPP, { phone: [NO_WHATSAPP] });
  }
  if (ordering.reachableChannels && !ordering.reachableChannels.includes('whatsapp')) {
    throw unprocessable(WHATSAPP_UNDELIVERABLE, { phone: [WHATSAPP_UNDELIVERABLE] });
  }
  return orderProgramme(ordering, visitorCurrency, tourId, { channel: 'whatsapp', ...order });
}

export interface FollowRequest {
  email: string;
  currency?: string | undefined;
  /** The visitor's subscriber id (cookie `subscriber_id`, docs/product.md, Entities), if any. */
  subscriberId?: string | undefined;
  /** The individual tour the visitor follows, if it is one. */
  individualTourUuid?: string | undefined;
}

/** A follow whose subscriber id is settled: the visitor's own, or a new one (`startFollowing`). */
export type SubscribedFollow = FollowRequest & { subscriberId: string };

/**
 * Follows a tour for an address its owner proved (the caller's confirmed account, or the click on
 * a follow confirmation link): its programme goes to the address now, and its new dates later
 * (`followers.ts`).
 */
export async function followTour(
  ordering: ProgrammeOrdering,
  visitorCurrency: VisitorCurrency,
  tourId: number,
  { email, currency, individualTourUuid, subscriberId }: SubscribedFollow,
): Promise<void> {
  await orderProgramme(ordering, visitorCurrency, tourId, {
    channel: 'subscription',
    email,
    currency,
    subscriberId,
    individualTourUuid,
    // Dates the tour has now are not news to the follower (`followers.ts`).
    seenDateId: await newestDateId(ordering.db, tourId),
  });
}
