/** Test helpers of the bookings module: a seeded date that any booking test can book and pay. */
import { and, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { organizers, tourDates, tours } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';

export type TourDateRow = typeof tourDates.$inferSelect;

/**
 * A random date of a public tour two months ahead with seats for 8, a percent prepayment, no variant and
 * no minimum age (unless `maximumAge`): bookable by any test rider. `guaranteed: false` picks a not-guaranteed date
 * without a minimum group (the booking waits for the organizer, decision 111); `organizerEmail`
 * one whose organizer can be e-mailed; `minimumAge` one of a tour whose riders must be 2 or older,
 * not starting on 29 February (so a birthday whole years before it exists); `maximumAge` one of a
 * tour with a maximum riding age.
 */
export async function findBookableDate(
  db: Database,
  { guaranteed = true, organizerEmail = false, minimumAge = false, maximumAge = false } = {},
): Promise<TourDateRow> {
  const [row] = await db
    .select({ date: tourDates })
    .from(tourDates)
    .innerJoin(tours, eq(tours.id, tourDates.tourId))
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .where(
      and(
        gt(tourDates.startDate, sql`current_date + 60`),
        eq(tourDates.isBusy, false),
        eq(tourDates.notGuaranteed, !guaranteed),
        guaranteed ? undefined : isNull(tourDates.minRiders),
        gte(tourDates.numberOfFreeSeats, 8),
        eq(tourDates.prepaymentType, 'percent'),
        isNull(tourDates.variantName),
        // A tour with a page: published, its organizer not hidden (bookings refuse the others).
        publicTour(),
        // A maximum riding age's test riders are old: any minimum age lets them in (and the
        // seed's tours with a maximum all have one, decision 149).
        minimumAge ? gte(tours.minAge, 2) : maximumAge ? undefined : eq(tours.minAge, 0),
        minimumAge || maximumAge
          ? sql`to_char(${tourDates.startDate}, 'MM-DD') <> '02-29'`
          : undefined,
        maximumAge ? isNotNull(tours.maxRidingAge) : undefined,
        organizerEmail ? sql`${organizers.email} is not null` : undefined,
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  if (!row) throw new Error('the seed has no bookable date for this test');
  return row.date;
}
