/**
 * The tour page (`Tour`): the tour's card (`TourSummary`, shared with search) plus what only the
 * page shows. Dates are the tour's future dates and variants (start ≥ today, busy and sold-out
 * ones included so the calendar can show them as such), soonest first; past dates are not shown,
 * and a tour with none left is "gone" (see `handlers.ts`).
 */
import type { components } from '@gallop/api-client';
import { tiersOf, toCancellationPolicy } from '@gallop/booking-rules';
import { and, asc, eq, getTableColumns, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  cities,
  countries,
  languages,
  organizers,
  regions,
  seoPages,
  tourDates,
  tourPrograms,
  tourQuestions,
  worldParts,
  type StoredProgramDay,
} from '#src/db/schema/index.ts';
import {
  loadTourCards,
  RIDERS_BOOKED,
  toMediaItem,
  toTourDate,
  type CardContext,
  type PriceContext,
  type TourDate,
} from '#src/modules/catalog/tour-card.ts';
import { toRidingDay } from './riding-days.ts';
import {
  latestReviews,
  toHorseCondition,
  travellerPhotos,
  TOUR_REVIEWS_LIMIT,
} from '../reviews.ts';
import { tourPath, type TourRow } from './slug.ts';
import { tourRiding } from './riding.ts';
import { tourWelfare } from './welfare.ts';

export type Tour = components['schemas']['Tour'];
export type ProgramDay = components['schemas']['ProgramDay'];
type Breadcrumb = components['schemas']['Breadcrumb'];
type City = components['schemas']['City'];
type Seo = components['schemas']['Seo'];

export interface TourPageOptions extends CardContext {
  /** `short` answers the card, the description and the dates only. */
  format: 'full' | 'short';
  expandProgram: boolean;
  expandReviews: boolean;
}

/** SEO descriptions are cut to what search engines show. */
const SEO_DESCRIPTION_LENGTH = 160;

/** A date's `riders_booked`, as its minimum group counts them (`ridersCountedSql`). */
const RIDERS_BOOKED_COLUMN = sql<number>`${RIDERS_BOOKED}`.mapWith(Number);

/**
 * The tour's catalogue dates and variants from `today` on, soonest first; an individual offer's
 * own date is its offer's page only (decision 181).
 */
export async function futureTourDates(
  db: Database,
  tourId: number,
  today: string,
  prices: PriceContext,
): Promise<TourDate[]> {
  const rows = await db
    .select({ ...getTableColumns(tourDates), ridersBooked: RIDERS_BOOKED_COLUMN })
    .from(tourDates)
    .where(
      and(
        eq(tourDates.tourId, tourId),
        gte(tourDates.startDate, today),
        isNull(tourDates.individualTourUuid),
      ),
    )
    .orderBy(asc(tourDates.startDate), asc(tourDates.id));
  return rows.map((row) => toTourDate(row, prices));
}

export function toProgramDays(days: StoredProgramDay[], withAlt: boolean): ProgramDay[] {
  return days.map((day) => ({
    day: day.day,
    title: day.title,
    description: day.description,
    images: day.images.map((image) => toMediaItem(image, withAlt)),
    riding: toRidingDay(day.riding),
  }));
}

async function tourProgram(db: Database, tourId: number) {
  const [program] = await db
    .select({ id: tourPrograms.id, days: tourPrograms.days })
    .from(tourPrograms)
    .where(eq(tourPrograms.tourId, tourId))
    .limit(1);
  return program;
}

/** The tour's languages in the tour's own order. */
async function tourLanguages(db: Database, codes: string[]) {
  if (codes.length === 0) return [];
  const rows = await db.select().from(languages).where(inArray(languages.code, codes));
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return codes.flatMap((code) => {
    const language = byCode.get(code);
    return language ? [{ id: language.id, code: language.code, name: language.name }] : [];
  });
}

function tourQuestionList(db: Database, tourId: number) {
  return db
    .select({
      id: tourQuestions.id,
      question: tourQuestions.question,
      answer: tourQuestions.answer,
    })
    .from(tourQuestions)
    .where(eq(tourQuestions.tourId, tourId))
    .orderBy(asc(tourQuestions.position), asc(tourQuestions.id));
}

async function startCity(db: Database, cityId: number | null): Promise<City | undefined> {
  if (cityId === null) return undefined;
  const [row] = await db
    .select({
      id: cities.id,
      name: cities.name,
      region: regions.name,
      country: countries.name,
      // The route map starts there (issue 47).
      lat: cities.lat,
      lng: cities.lng,
    })
    .from(cities)
    .leftJoin(regions, eq(regions.id, cities.regionId))
    .leftJoin(countries, eq(countries.id, cities.countryId))
    .where(eq(cities.id, cityId))
    .limit(1);
  return row;
}

/** A place the breadcrumbs may link to, and the SEO page filter that stands for it alone. */
interface CrumbPlace {
  text: string;
  filters: Record<string, unknown>;
}

/** Catalogue landing pages (`seo_pages`) whose filter is exactly one of `places`, by filter. */
async function landingPages(db: Database, places: CrumbPlace[]): Promise<Map<string, string>> {
  const keys = places.map((place) => JSON.stringify(place.filters));
  const rows = await db
    .select({ slug: seoPages.slug, filters: seoPages.filters })
    .from(seoPages)
    .where(or(...keys.map((key) => sql`${seoPages.filters} = ${key}::jsonb`)))
    .orderBy(asc(seoPages.id));
  const slugs = new Map<string, string>();
  for (const row of rows) {
    const key = JSON.stringify(row.filters);
    if (!slugs.has(key)) slugs.set(key, row.slug);
  }
  return slugs;
}

/**
 * Home › world part › country › region › tour. The country is the tour's first (its main one)
 * and the region the first of the tour's regions inside it. Each place links to the catalogue
 * landing page that stands for it alone (`/{slug}`, a page `validateSlug` accepts); a place
 * without such a page is left out rather than linked to a 404.
 */
async function breadcrumbs(db: Database, tour: TourRow): Promise<Breadcrumb[]> {
  const home = { url: '/', text: 'Home' };
  const self = { url: tourPath(tour.slug), text: tour.name };
  const countryId = tour.countryIds[0];
  if (countryId === undefined) return [home, self];
  const [[place], regionRows] = await Promise.all([
    db
      .select({
        worldPartId: worldParts.id,
        worldPartName: worldParts.name,
        countryName: countries.name,
      })
      .from(countries)
      .innerJoin(worldParts, eq(worldParts.id, countries.worldPartId))
      .where(eq(countries.id, countryId))
      .limit(1),
    tour.regionIds.length
      ? db
          .select({ id: regions.id, name: regions.name })
          .from(regions)
          .where(and(inArray(regions.id, tour.regionIds), eq(regions.countryId, countryId)))
      : [],
  ]);
  if (!place) return [home, self];
  const region = tour.regionIds
    .map((id) => regionRows.find((row) => row.id === id))
    .find((row) => row !== undefined);
  const places: CrumbPlace[] = [
    { text: place.worldPartName, filters: { continent: place.worldPartId } },
    { text: place.countryName, filters: { countries: [countryId] } },
    ...(region ? [{ text: region.name, filters: { regions: [region.id] } }] : []),
  ];
  const pages = await landingPages(db, places);
  const linked = places.flatMap((crumb) => {
    const slug = pages.get(JSON.stringify(crumb.filters));
    return slug ? [{ url: `/${slug}`, text: crumb.text }] : [];
  });
  return [home, ...linked, self];
}

/** Plain text cut at a word boundary, for meta descriptions. */
function seoDescription(text: string, length = SEO_DESCRIPTION_LENGTH): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

function kindLabel(tour: TourRow): string {
  if (tour.type === 2) return 'horseback excursion';
  if (tour.isCruise) return `${tour.duration}-day cruise`;
  return `${tour.duration}-day horseback tour`;
}

function seo(tour: TourRow, countryNames: string[]): Seo {
  const where = countryNames.length ? ` in ${countryNames.join(', ')}` : '';
  return {
    title: `${tour.name}: ${kindLabel(tour)}${where}`,
    description: seoDescription(tour.description),
    h1: tour.name,
    canonical: tourPath(tour.slug),
    noindex: false,
  };
}

/**
 * A tour page in the visitor's currency. The caller has checked that the tour may be shown;
 * `dates` lets it pass dates it already loaded (the gone check) or different ones (an
 * individual offer).
 */
export async function loadTourPage(
  db: Database,
  tour: TourRow,
  options: TourPageOptions,
  dates?: TourDate[],
): Promise<Tour> {
  const [cards, tourDateList, [organizer]] = await Promise.all([
    loadTourCards(db, [tour.id], options),
    dates ?? futureTourDates(db, tour.id, options.today, options),
    db
      .select({
        welfareRestDaysPerWeek: organizers.welfareRestDaysPerWeek,
        welfareMaxWorkHours: organizers.welfareMaxWorkHours,
        welfareTurnout: organizers.welfareTurnout,
        welfareVetOnCall: organizers.welfareVetOnCall,
        welfareVetCheckWeeks: organizers.welfareVetCheckWeeks,
        welfareFarrierWeeks: organizers.welfareFarrierWeeks,
        welfareFarrierOnCall: organizers.welfareFarrierOnCall,
        welfareWeightPolicy: organizers.welfareWeightPolicy,
        welfareRetirement: organizers.welfareRetirement,
        welfareRetirementNote: organizers.welfareRetirementNote,
      })
      .from(organizers)
      .where(eq(organizers.id, tour.organizerId)),
  ]);
  const card = cards[0];
  if (!card) throw new Error(`Tour ${tour.id} vanished while its page was built`);
  const page: Tour = {
    ...card,
    description: tour.description,
    dates: tourDateList,
    riding: tourRiding(tour),
    horse_welfare: organizer ? tourWelfare(tour, organizer) : null,
  };
  if (options.format === 'short') return page;

  const [tourLanguageList, questions, city, crumbs, program, reviews, photos] = await Promise.all([
    tourLanguages(db, tour.languageCodes),
    tourQuestionList(db, tour.id),
    startCity(db, tour.startCityId),
    breadcrumbs(db, tour),
    tourProgram(db, tour.id),
    options.expandReviews
      ? latestReviews(db, { tourId: tour.id }, TOUR_REVIEWS_LIMIT, options.withAlt)
      : undefined,
    travellerPhotos(db, tour.id, options.withAlt),
  ]);
  return {
    ...page,
    program_id: program?.id ?? null,
    ...(options.expandProgram
      ? { program: toProgramDays(program?.days ?? [], options.withAlt) }
      : {}),
    ...(reviews ? { reviews } : {}),
    horse_condition: toHorseCondition(tour),
    traveller_photos: photos,
    languages: tourLanguageList,
    included: tour.included,
    not_included: tour.notIncluded,
    cancellation_policy: toCancellationPolicy(
      tour.cancellationPolicy,
      tiersOf(tour.cancellationPolicy),
    ),
    questions,
    ...(city ? { start_city: city } : {}),
    breadcrumbs: crumbs,
    seo: seo(
      tour,
      (card.countries ?? []).map((country) => country.name),
    ),
  };
}
