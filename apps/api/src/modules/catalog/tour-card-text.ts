/**
 * A card's JSON text put together from texts kept per tour (decision 083). Of a card's fields
 * only its prices, its nearest date and its heavier-horse places depend on the dates a search shows and on the visitor's
 * currency; the rest (name, images, countries, organizer …, about four fifths of the text) is
 * the same for every search, so it is serialised once per tour and copied after that. A search
 * with its own dates or price bounds (a new window shows other dates) then stringifies a few
 * numbers and one date instead of the whole card.
 *
 * The text equals `JSON.stringify(toTourSummary(…))` byte for byte: both are built from the same
 * four groups (`cardHead`, `cardPrices`, `cardMiddle`, `cardTail`), in the same order.
 */
import {
  cardHead,
  cardMiddle,
  cardPrices,
  cardTail,
  toTourDate,
  type CardContext,
  type CardDateRow,
  type CardOrganizerRow,
  type CardTourRow,
  type CountryRow,
} from './tour-card.ts';

/** The members of an object's JSON text, without its braces (empty for `{}`). */
function membersOf(value: object): string {
  return JSON.stringify(value).slice(1, -1);
}

/** The parts of a tour's card text that no search changes, for one `withAlt`. */
export interface CardTextParts {
  /** `{"id":…,"duration":…` */
  head: string;
  /** `"rating":…,"images":[…]` */
  middle: string;
  /** `"organizer":{…},"emoji":…` (what of it is set) */
  tail: string;
}

export function cardTextParts(
  tour: CardTourRow,
  organizer: CardOrganizerRow | undefined,
  countries: readonly CountryRow[],
  withAlt: boolean,
): CardTextParts {
  return {
    head: `{${membersOf(cardHead(tour))}`,
    middle: membersOf(cardMiddle(tour, countries, withAlt)),
    tail: membersOf(cardTail(tour, organizer, withAlt)),
  };
}

/** What a card shows of a search's dates (see `chooseCardDates`). */
export interface CardShownDates {
  nearestDate: CardDateRow | undefined;
  priceDate: CardDateRow | undefined;
  heavyPlacesFree: number;
}

/** The card's JSON text: `JSON.stringify(toTourSummary(tour, …))` from its kept parts. */
export function cardText(
  tour: CardTourRow,
  parts: CardTextParts,
  dates: CardShownDates,
  context: CardContext,
): string {
  let text = `${parts.head},${membersOf(cardPrices(tour, dates.priceDate, context))}`;
  if (parts.middle) text += `,${parts.middle}`;
  if (dates.nearestDate) {
    text += `,"nearest_date":${JSON.stringify(toTourDate(dates.nearestDate, context))}`;
  }
  text += `,"heavy_places_free":${dates.heavyPlacesFree}`;
  if (parts.tail) text += `,${parts.tail}`;
  return `${text}}`;
}
