/**
 * The date an individual offer is booked on (decision 181). An offer (`individual_tours`) is a
 * start, a price and a currency; a booking needs a date's seats, terms and lifecycle, so the
 * offer's first booking makes it a row of `tour_dates` that names the offer
 * (`individual_tour_uuid`, unique) and every later booking takes that row. The catalogue never
 * shows such a row (`bookableDate`, the tour page and cards read catalogue dates only).
 */
import { and, eq, isNull, max } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { individualTours, tourDates, tours } from '#src/db/schema/index.ts';
import { addDaysIso } from '#src/shared/dates.ts';
import { datePriceInUsd, UnknownCurrencyError } from '#src/shared/money/rates.ts';
import { lockRatesForPriceWrite } from '../prices/dates-in-usd.ts';

type TourDateRow = typeof tourDates.$inferSelect;

export type OfferDate =
  | { kind: 'date'; date: TourDateRow }
  /** No offer of this tour has the uuid. */
  | { kind: 'unknown' }
  /** The offer starts today or earlier, and was never booked: no date is made for it. */
  | { kind: 'passed' };

/**
 * The date of offer `uuid` of tour `tourId`, made on its first booking: the offer's start, price
 * and currency, the tour's length and group size, no prepayment (paid in full before the start,
 * as the offer's page says), guaranteed (the organizer made the offer), the heavier-horse places
 * the organizer keeps on the tour's own dates, and no non-riders (an offer prices none). Two
 * first bookings at once make one row: the unique uuid keeps the second insert out, and it reads
 * the first's row.
 */
export async function offerDate(
  db: Database,
  { uuid, tourId, today }: { uuid: string; tourId: number; today: string },
): Promise<OfferDate> {
  const existing = await dateOfOffer(db, uuid);
  if (existing) return existing.tourId === tourId ? { kind: 'date', date: existing } : unknown;
  return db.transaction(async (tx) => {
    // A date's price is written under the rates' share lock, as every price writer does
    // (decision 168): its dollar figures are read at a rate no change is replacing.
    const rates = await lockRatesForPriceWrite(tx);
    const [offer] = await tx
      .select({
        startDate: individualTours.startDate,
        price: individualTours.price,
        currency: individualTours.currency,
        duration: tours.duration,
        seats: tours.maxGroupSize,
      })
      .from(individualTours)
      .innerJoin(tours, eq(tours.id, individualTours.tourId))
      .where(and(eq(individualTours.uuid, uuid), eq(individualTours.tourId, tourId)));
    if (!offer) return unknown;
    if (offer.startDate <= today) return { kind: 'passed' } as const;
    const perUsd = rates.get(offer.currency);
    if (perUsd === undefined) throw new UnknownCurrencyError(offer.currency);
    const [heavy] = await tx
      .select({ places: max(tourDates.heavyPlaces) })
      .from(tourDates)
      .where(and(eq(tourDates.tourId, tourId), isNull(tourDates.individualTourUuid)));
    const heavyPlaces = Math.min(offer.seats, heavy?.places ?? 0);
    const duration = Math.max(1, offer.duration);
    await tx
      .insert(tourDates)
      .values({
        tourId,
        individualTourUuid: uuid,
        startDate: offer.startDate,
        endDate: addDaysIso(offer.startDate, duration - 1),
        duration,
        currency: offer.currency,
        price: offer.price,
        priceWithoutDiscount: offer.price,
        ...datePriceInUsd(offer.price, duration, perUsd),
        prepaymentType: 'none',
        numberOfSeats: offer.seats,
        numberOfFreeSeats: offer.seats,
        heavyPlaces,
        heavyPlacesFree: heavyPlaces,
      })
      .onConflictDoNothing({ target: tourDates.individualTourUuid });
    const made = await dateOfOffer(tx, uuid);
    return { kind: 'date', date: made! } as const;
  });
}

const unknown = { kind: 'unknown' } as const;

async function dateOfOffer(db: Database, uuid: string): Promise<TourDateRow | undefined> {
  const [row] = await db.select().from(tourDates).where(eq(tourDates.individualTourUuid, uuid));
  return row;
}
