/**
 * Which tours the catalogue shows: the one rule the search (results and facets, in SQL and in the
 * in-process index), the home page's stats and the catalogue lists' counts share, so that a
 * number shown anywhere is the number of tours a search finds.
 *
 * - **Public**: the tour is published and so is its organizer (a hidden organizer's tours are
 *   hidden with it: their page, their cards and their organizer page all answer 404).
 * - **Listed**: public, with a bookable date ahead: a date from today on that is not busy and has
 *   a free seat. `from_price_usd` is that fact denormalised (the cheapest such date, kept by the
 *   aggregates refresh); `last_start_date` guards against a refresh a day old.
 *
 * Raw SQL on the plain table name `tours`, like the search's conditions.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * The tour's organizer is hidden. The hidden organizers are few: PostgreSQL reads them once per
 * statement (an init plan) and tests each tour against that short array.
 */
const organizerHidden = sql`tours.organizer_id = any(array(select organizers.id from organizers where not organizers.is_published_on_site))`;

/** A published tour of a published organizer: what has a page. */
export function publicTour(): SQL {
  return sql`(tours.is_published and not ${organizerHidden})`;
}

/** The tour has a bookable date from `today` on (denormalised; see the module comment). */
function hasBookableDate(today: string): SQL {
  return sql`(tours.last_start_date >= ${today}::date and tours.from_price_usd is not null)`;
}

/** A public tour with a bookable date ahead: what searches, stats and lists count. */
export function listedTour(today: string): SQL {
  return sql`(${publicTour()} and ${hasBookableDate(today)})`;
}

/** The default search's segment: tours of type 1 that are not cruises (`/tours`, "multi-day tours"). */
export const TOUR_SEGMENT = sql`(tours.type = 1 and not tours.is_cruise)`;

/** The cruise search's segment (`isCruisesSearch=1`). */
export const CRUISE_SEGMENT = sql`(tours.type = 1 and tours.is_cruise)`;
