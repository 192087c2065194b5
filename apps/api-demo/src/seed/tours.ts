import {
  individualTours,
  reviews,
  tourCities,
  tourDates,
  tourPrograms,
  tourQuestions,
  tourSlugRedirects,
  tours,
  type StoredImage,
} from '@gallop/api/src/db/schema/index.ts';
import { insertRows } from './bulk-insert.ts';
import type { SeedContext } from './context.ts';
import {
  ACCOMMODATIONS,
  COMFORTS,
  CRUISE_TYPE_BY_WATER_KIND,
  EMOJIS,
  MIN_AGES,
} from './data/catalog.ts';
import { CURRENCY_RATES } from './data/world.ts';
import { FIRST_NAMES, INCLUDED, LAST_NAMES, NOT_INCLUDED } from './data/words.ts';
import { addDays } from './dates.ts';
import type { SeededCountry, SeededRegion, SeededWorld } from './geography.ts';
import type { SeededOrganizer } from './organizers.ts';
import { seedTourWelfare } from './welfare.ts';
import type { Random } from '@gallop/api/src/shared/random.ts';
import { datePriceInUsd } from '@gallop/api/src/shared/money/rates.ts';
import { limitInBothUnits, type PolicyName } from '@gallop/api/src/modules/bookings/index.ts';
import { landscapeName, parseLandscape } from '@gallop/api/src/modules/media/index.ts';
import { saddleHours } from '@gallop/api/src/modules/catalog/index.ts';
import { ReviewWriter, tourGuides } from './review-texts.ts';
import { ridingPace } from './riding-pace.ts';
import { slugify } from '@gallop/api/src/shared/slug.ts';
import type { SeededTaxonomy } from './taxonomy.ts';
import type { TextFacts, When } from './text-facts.ts';
import { formerTourName, tourDescription, tourName, tourFaq, tourProgramme } from './tour-texts.ts';
import {
  seedGroupMinimum,
  seedHeavyPlaces,
  seedMinAge,
  seedNonRiderPlaces,
  seedRiding,
} from './riding.ts';
import { inlandOf, seedRidingDays } from './riding-days.ts';
import { horseConditionAggregates, reviewInsight } from './review-insight.ts';

type Kind = 'tour' | 'excursion' | 'cruise';

/** Draws of the former question pick: a shuffle of six questions. */
const QUESTION_POOL_DRAWS = 5;

/**
 * The individual offer of the first tour that has one (tour 37) keeps this uuid, so the demo
 * and the browser tests can open `/order/{uuid}/individual-tour` (decision 181). Documented in
 * the README; the other offers' uuids are drawn.
 */
export const DEMO_OFFER_UUID = '0ffe7a1d-37a0-4b5e-9c1d-3a7e0ffe7a1d';
const DEMO_OFFER_TOUR = 37;

/** Tours generated and inserted per batch: memory stays flat from 300 to 1M tours. */
const BATCH = 500;
/**
 * Batches being inserted at once: while one batch's rows are written, the next is generated and
 * written on a second connection, so PostgreSQL works on both cores (PGlite runs them in turn).
 */
const BATCHES_IN_FLIGHT = 2;

const BASE_PRICE_PER_DAY_USD: Record<(typeof COMFORTS)[number], number> = {
  base: 90,
  base_plus: 120,
  medium: 160,
  improved: 220,
  premium: 320,
};

/** Rounds a price to what a provider would publish (1 280 EUR, 95 000 RUB ...). */
function publishedPrice(major: number): number {
  const step = major > 100_000 ? 5000 : major > 20_000 ? 1000 : major > 2000 ? 100 : 10;
  return Math.max(step, Math.round(major / step) * step);
}

const SCENE_ALT: Record<string, (place: string) => string> = {
  landscape: (place) => `Open landscape of ${place} seen from the trail`,
  horse: (place) => `A rider and horse in ${place}`,
  trail: (place) => `A group of riders on a trail in ${place}`,
  camp: (place) => `Evening camp with horses grazing in ${place}`,
  city: (place) => `Old town streets in ${place}`,
  cruise: (place) => `The ship on the water near ${place}`,
};

const SCENES_BY_KIND: Record<Kind, string[]> = {
  tour: ['landscape', 'horse', 'trail', 'camp', 'landscape', 'horse', 'trail'],
  excursion: ['horse', 'landscape', 'trail', 'city'],
  cruise: ['cruise', 'landscape', 'horse', 'cruise', 'city'],
};

/**
 * The tour's pictures, drawn in its region's landscape: an old town only where the region has
 * one (a second landscape elsewhere), and the ship at sea only on a sea cruise.
 */
function tourImages(
  id: number,
  kind: Kind,
  region: SeededRegion,
  showplace: string,
  water: { kind: 'river' | 'lake' | 'sea' } | null,
): StoredImage[] {
  const hasTown = region.features.includes('old-towns') || region.features.includes('castles');
  return SCENES_BY_KIND[kind].map((planned, index) => {
    const scene = planned === 'city' && !hasTown ? 'landscape' : planned;
    const landscape =
      scene === 'cruise' && water
        ? landscapeName(parseLandscape(region.landscape).terrain, water.kind === 'sea')
        : region.landscape;
    return {
      scene,
      seed: id * 16 + index,
      alt: SCENE_ALT[scene]!(index % 2 === 0 ? region.name : showplace),
      landscape,
    };
  });
}

/** How far apart (degrees) the starts of one city's tours may lie: ±0.004°, under half a km. */
const START_SPREAD_DEGREES = 0.008;

const round4 = (degrees: number) => Math.round(degrees * 10_000) / 10_000;

interface TourContext {
  world: SeededWorld;
  taxonomy: SeededTaxonomy;
  organizersByCountry: Map<number, SeededOrganizer[]>;
  organizers: SeededOrganizer[];
  today: string;
  withReviews: (random: Random) => number;
  /** Writes every review of the catalogue, so no two read the same. */
  reviews: ReviewWriter;
  phrasesLimit: number;
}

interface GeneratedTour {
  tour: typeof tours.$inferInsert;
  dates: (typeof tourDates.$inferInsert)[];
  program: typeof tourPrograms.$inferInsert;
  questions: (typeof tourQuestions.$inferInsert)[];
  cities: (typeof tourCities.$inferInsert)[];
  reviews: (typeof reviews.$inferInsert)[];
  redirect?: typeof tourSlugRedirects.$inferInsert;
  individual?: typeof individualTours.$inferInsert;
}

/**
 * The demo catalogue mixes the three cancellation presets (decision 091), mostly moderate. Taken
 * from the tour's id rather than the random stream, so every other seeded value stays the same.
 */
const POLICY_MIX: readonly PolicyName[] = [
  'moderate',
  'flexible',
  'strict',
  'moderate',
  'flexible',
];
const policyOfTour = (id: number): PolicyName => POLICY_MIX[id % POLICY_MIX.length]!;

function chooseKind(random: Random, country: SeededCountry): Kind {
  const canCruise = country.waterIds.length > 0;
  return random.weighted([
    ['tour', 70],
    ['excursion', 20],
    ['cruise', canCruise ? 25 : 0],
  ] as const);
}

/** A departure sold in two rooms: the private one costs 30 % more than a bed in a shared one. */
const ROOM_VARIANTS = [
  { name: 'Shared room', factor: 1 },
  { name: 'Private room', factor: 1.3 },
] as const;
const NO_VARIANT = [{ name: null, factor: 1 }] as const;

function generateDates(
  random: Random,
  id: number,
  kind: Kind,
  duration: number,
  currency: string,
  basePerDayUsd: number,
  today: string,
  allPassed: boolean,
): GeneratedTour['dates'] {
  const count = kind === 'excursion' ? random.int(5, 10) : random.int(3, 7);
  let offset = allPassed ? random.int(-420, -200) : random.int(-60, 20);
  const spacing = kind === 'excursion' ? [3, 14] : [14, 60];
  const dates: GeneratedTour['dates'] = [];
  const hasVariants = kind !== 'excursion' && random.chance(0.12);
  for (let index = 0; index < count; index += 1) {
    if (allPassed && offset > -10) break;
    const start = addDays(today, offset);
    const variants = hasVariants && index < 2 ? ROOM_VARIANTS : NO_VARIANT;
    // The variants of one departure share its season, its discount, its guarantee and whether a
    // flight is in the price: they differ by the room alone, and a flight only ever adds to it.
    const seasonalFactor = 0.85 + random.next() * 0.35;
    const flightIncluded = kind !== 'excursion' && random.chance(0.08);
    const flightUsd = flightIncluded ? random.int(250, 900) : 0;
    const offeredKind = random.chance(0.28)
      ? random.pick([
          'early_booking_dates',
          'early_booking_days',
          'seasonal',
          'on_tour_date',
        ] as const)
      : null;
    const offeredPercent = offeredKind ? random.pick([5, 10, 10, 15, 20, 25]) : null;
    const offeredUntil =
      offeredKind === 'early_booking_dates' || offeredKind === 'seasonal'
        ? addDays(start, -random.int(30, 90))
        : null;
    const offeredAuto = offeredKind !== null && random.chance(0.5);
    // A dated offer whose day has passed is over: the date sells at its full price, as the API's
    // discount job leaves it (`endPassedDiscounts`). The draws above stay, so the rest of the
    // catalogue is the same whatever the day.
    const ended = offeredUntil !== null && offeredUntil < today;
    const discountKind = ended ? null : offeredKind;
    const discountPercent = ended ? null : offeredPercent;
    const discountValidUntil = ended ? null : offeredUntil;
    const isDiscountAuto = ended ? false : offeredAuto;
    const notGuaranteed = random.chance(0.12);
    for (const { name: variantName, factor: variantFactor } of variants) {
      const usd = basePerDayUsd * duration * seasonalFactor * variantFactor + flightUsd;
      const withoutDiscount = publishedPrice(usd * (CURRENCY_RATES[currency] ?? 1)) * 100;
      const price = discountPercent
        ? Math.round((withoutDiscount * (100 - discountPercent)) / 100)
        : withoutDiscount;
      const seats = kind === 'cruise' ? random.int(20, 80) : random.int(4, 14);
      const soldOut = random.chance(0.08);
      const prepaymentType = random.weighted([
        ['percent', 6],
        ['fixed', 2],
        ['none', 2],
      ] as const);
      // The conversion every writer of a date's price uses (decision 168).
      const { priceUsd, pricePerDayUsd } = datePriceInUsd(
        price,
        duration,
        CURRENCY_RATES[currency] ?? 1,
      );
      dates.push({
        tourId: id,
        startDate: start,
        endDate: addDays(start, duration - 1),
        duration,
        variantName,
        currency,
        price,
        priceWithoutDiscount: withoutDiscount,
        priceUsd,
        pricePerDayUsd,
        isBusy: random.chance(0.05),
        flightIncluded,
        notGuaranteed,
        isDiscountAuto,
        discountKind,
        discountPercent,
        discountValidUntil,
        prepaymentType,
        fullPaymentDays: prepaymentType === 'none' ? null : random.pick([14, 21, 30, 45, 60]),
        prepaymentSize:
          prepaymentType === 'percent'
            ? random.pick([10, 15, 20, 30])
            : prepaymentType === 'fixed'
              ? Math.round(price * 0.2)
              : null,
        numberOfSeats: seats,
        numberOfFreeSeats: soldOut ? 0 : random.int(1, seats),
        isCashbackAvailable: random.chance(0.1),
      });
    }
    offset += random.int(spacing[0]!, spacing[1]!);
  }
  return dates;
}

/**
 * The facts `refreshCatalogAggregates` denormalises onto a tour, computed as its SQL computes
 * them, so that the seed's refresh finds nothing to change instead of rewriting every tour row
 * (at a million tours that rewrite took 3 of the seed's 10 minutes; decision 079). The refresh
 * still runs after the seed and corrects any tour this gets wrong.
 */
export function tourAggregates(
  dates: readonly {
    startDate: string;
    priceUsd: number;
    pricePerDayUsd: number;
    isBusy?: boolean;
    numberOfFreeSeats: number;
  }[],
  ratings: readonly number[],
  today: string,
) {
  let fromPriceUsd: number | null = null;
  let fromPricePerDayUsd: number | null = null;
  let nextStartDate: string | null = null;
  let lastStartDate: string | null = null;
  for (const date of dates) {
    if (lastStartDate === null || date.startDate > lastStartDate) lastStartDate = date.startDate;
    if (date.startDate < today) continue;
    if (nextStartDate === null || date.startDate < nextStartDate) nextStartDate = date.startDate;
    if (date.numberOfFreeSeats <= 0 || date.isBusy) continue;
    if (fromPriceUsd === null || date.priceUsd < fromPriceUsd) fromPriceUsd = date.priceUsd;
    if (fromPricePerDayUsd === null || date.pricePerDayUsd < fromPricePerDayUsd)
      fromPricePerDayUsd = date.pricePerDayUsd;
  }
  // round(avg(rating)::numeric, 1): the average to a tenth, halves away from zero, in integers.
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  const rating =
    ratings.length === 0
      ? null
      : Math.floor((20 * sum + ratings.length) / (2 * ratings.length)) / 10;
  return {
    fromPriceUsd,
    fromPricePerDayUsd,
    nextStartDate,
    lastStartDate,
    rating,
    reviewsCount: ratings.length,
  };
}

/**
 * The generator once drew every text from the same stream as the facts. It still makes those
 * draws, unused, so each tour keeps the places, dates, prices, organizer and reviewers it had
 * (tests, links and screenshots know them); the texts now come from the tour's `words` stream,
 * written once every fact they speak of is known.
 */
function keepStreamInStep(random: Random, formerDraws: number): void {
  for (let draw = 0; draw < formerDraws; draw += 1) random.next();
}

/** The items of a shuffled list that fit the tour, at most `count` of them. */
function fitting<T extends { when?: When | undefined }>(
  shuffled: readonly T[],
  facts: TextFacts,
  count: number,
): T[] {
  return shuffled.filter((item) => item.when?.(facts) ?? true).slice(0, count);
}

/** Up to two collections the tour belongs in (the count is drawn first, as it always was). */
function collectionsOf(random: Random, taxonomy: SeededTaxonomy, facts: TextFacts): number[] {
  const count = random.int(0, 2);
  const order = random.sample(taxonomy.collections, taxonomy.collections.length);
  return fitting(order, facts, count).map((collection) => collection.id);
}

function generateTour(random: Random, id: number, context: TourContext): GeneratedTour {
  const { world, taxonomy, today } = context;
  // The tour's texts draw from a stream of their own (see `keepStreamInStep`).
  const words = random.fork('words');
  const country = random.weighted(world.countries.map((c) => [c, c.seed.weight] as const));
  const kind = chooseKind(random, country);
  const region: SeededRegion = random.pick(country.regions);
  const otherRegion = random.chance(0.3) ? random.pick(country.regions) : region;
  const regionsOfTour = [...new Set([region, otherRegion])];
  const candidateCities = regionsOfTour.flatMap((r) => r.cities);
  const portCities = candidateCities.filter((city) => city.isPort);
  const startCity =
    kind === 'cruise' && portCities.length > 0
      ? random.pick(portCities)
      : random.pick(region.cities);
  const routeCities = [
    startCity,
    ...random.sample(
      candidateCities.filter((city) => city.id !== startCity.id),
      kind === 'excursion' ? 0 : random.int(0, 2),
    ),
  ];
  const showplace = random.pick(region.showplaces);
  const waterId = kind === 'cruise' ? random.pick(country.waterIds) : null;
  const water = waterId ? world.waters.find((w) => w.id === waterId)! : null;
  const ship = kind === 'cruise' ? random.pick(taxonomy.ships) : null;
  keepStreamInStep(random, 1); // the name
  const duration =
    kind === 'excursion' ? 1 : kind === 'cruise' ? random.int(4, 12) : random.int(3, 14);
  const comfort = random.pick(COMFORTS);
  const basePerDayUsd =
    kind === 'excursion'
      ? random.int(40, 180)
      : BASE_PRICE_PER_DAY_USD[comfort] *
        (0.75 + random.next() * 0.65) *
        (kind === 'cruise' ? 1.3 : 1);
  const currency = country.seed.tourCurrency;
  const allPassed = random.chance(0.03);
  const dates = generateDates(
    random,
    id,
    kind,
    duration,
    currency,
    basePerDayUsd,
    today,
    allPassed,
  );

  const organizer = random.chance(0.85)
    ? random.pick(context.organizersByCountry.get(country.id) ?? context.organizers)
    : random.pick(context.organizers);
  const restKindsOfKind = taxonomy.restKinds.filter((kindOfRest) => kindOfRest.fits.includes(kind));
  const restKindCount = random.int(1, 3);
  const restKindOrder = random.sample(restKindsOfKind, restKindsOfKind.length);
  keepStreamInStep(random, 6); // the description: an opening, two middles of five, a closing
  const reviewCount = context.withReviews(random);
  const reviewsDrawn = Array.from({ length: reviewCount }, () => {
    const rating = random.weighted([
      [5, 10],
      [4, 6],
      [3, 2],
      [2, 1],
      [1, 1],
    ] as const);
    const hasPhotos = random.chance(0.3);
    const createdDay = addDays(today, -random.int(5, 900));
    const uuid = random.uuid();
    const authorName = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES).slice(0, 1)}.`;
    keepStreamInStep(random, 1); // the text
    const answered = random.chance(0.35);
    if (answered) keepStreamInStep(random, 1); // the answer
    const photoScenes = hasPhotos
      ? Array.from({ length: random.int(1, 3) }, () => random.pick(['camp', 'trail', 'horse']))
      : [];
    const createdAt = new Date(
      `${createdDay}T${String(random.int(8, 21)).padStart(2, '0')}:15:00Z`,
    );
    return { rating, uuid, authorName, answered, photoScenes, createdAt };
  });
  const programDays = Math.min(duration, 14);
  const isReturningCruise = kind === 'cruise' && random.chance(0.5);
  const difficulty =
    kind === 'cruise'
      ? random.int(1, 2)
      : random.weighted([
          [1, 3],
          [2, 4],
          [3, 2],
          [4, 1],
        ] as const);
  const accommodation =
    kind === 'cruise' ? 'cabin' : kind === 'excursion' ? 'not-set' : random.pick(ACCOMMODATIONS);
  const maxGroupSize = kind === 'cruise' ? random.int(40, 120) : random.int(4, 16);
  // Riding requirements come from facts already drawn, never from the random stream; the
  // minimum age is then raised to what they allow (`seedMinAge`, decision 149).
  const drawnMinAge = random.pick(MIN_AGES);
  const riding = seedRiding({
    id,
    kind,
    difficulty: difficulty as 1 | 2 | 3 | 4,
    duration,
    countryIso: country.seed.iso,
    landscape: region.landscape,
    coast: region.coast,
    minAge: drawnMinAge,
  });
  const minAge = seedMinAge(drawnMinAge, riding);

  // Every fact the texts speak of is known: write them.
  const facts: TextFacts = {
    kind,
    country: country.seed.name,
    countryIso: country.seed.iso,
    region: region.name,
    landscape: region.landscape,
    // An excursion stays near its start; a tour or cruise rides through all its regions.
    features: new Set((kind === 'excursion' ? [region] : regionsOfTour).flatMap((r) => r.features)),
    coast: region.coast,
    city: startCity.name,
    cityBeach: startCity.beach,
    city2: routeCities[1]?.name,
    portToPort: startCity.isPort && routeCities[1]?.isPort === true,
    showplace: showplace.name,
    water: water ?? undefined,
    duration,
    pace: ridingPace(difficulty),
    accommodation,
    comfort,
    minAge,
  };
  // The name speaks of the region it names, not of the other one the route enters.
  const name = tourName(words, { ...facts, features: new Set(region.features) });
  const slug = `${slugify(name)}-${id}`;
  const images = tourImages(id, kind, region, showplace.name, water);
  const guides = tourGuides(words, country.seed.iso);
  const tourReviews: GeneratedTour['reviews'] = reviewsDrawn.map((drawn) => {
    const written = context.reviews.write(words, facts, { ...drawn, guides });
    return {
      uuid: drawn.uuid,
      tourId: id,
      organizerId: organizer.id,
      authorName: drawn.authorName,
      rating: drawn.rating,
      text: written.text,
      answer: drawn.answered
        ? context.reviews.answer(words, facts, { ...written, ...drawn })
        : null,
      images: drawn.photoScenes.map((scene, photo) => ({
        scene,
        seed: 500_000 + id * 8 + photo,
        alt: `A traveller's photo from ${region.name}`,
        landscape: region.landscape,
      })),
      createdAt: drawn.createdAt,
    };
  });

  tourReviews.forEach((review, index) =>
    Object.assign(review, reviewInsight(id, index, review, riding.riderLevel)),
  );
  dates.forEach((date, index) =>
    Object.assign(
      date,
      seedHeavyPlaces(riding, date, id, index),
      seedGroupMinimum(date, id, index, today),
      seedNonRiderPlaces(riding, date, id, index),
    ),
  );
  const tour: GeneratedTour['tour'] = {
    id,
    slug,
    name,
    type: kind === 'excursion' ? 2 : 1,
    isCruise: kind === 'cruise',
    cruiseType: water ? CRUISE_TYPE_BY_WATER_KIND[water.kind] : null,
    shipId: ship?.id ?? null,
    waterObjectId: waterId,
    cabinsCapacity: ship?.cabinsCapacity ?? null,
    isReturningCruise,
    organizerId: organizer.id,
    operatorType: organizer.type,
    description: tourDescription(words, facts),
    duration,
    difficulty,
    comfort,
    accommodation,
    maxGroupSize,
    minAge,
    currency,
    cancellationPolicy: policyOfTour(id),
    startCityId: startCity.id,
    // Its yard or quay, a few hundred metres from the start city's centre, so tours of one city
    // stand apart on the map yet start in the country (decision 120).
    lat: round4(startCity.lat + (random.next() - 0.5) * START_SPREAD_DEGREES),
    lng: round4(startCity.lng + (random.next() - 0.5) * START_SPREAD_DEGREES),
    emoji: random.chance(0.4) ? random.pick(EMOJIS) : null,
    images,
    included: random.sample(INCLUDED, random.int(4, 7)),
    notIncluded: random.sample(NOT_INCLUDED, random.int(2, 4)),
    countryIds: [country.id],
    regionIds: regionsOfTour.map((r) => r.id),
    cityIds: routeCities.map((city) => city.id),
    showplaceIds: random.chance(0.6) ? [showplace.id] : [],
    restKindIds: fitting(restKindOrder, facts, restKindCount).map((kindOfRest) => kindOfRest.id),
    collectionIds: collectionsOf(random, taxonomy, facts),
    languageCodes: ['en', ...random.sample(taxonomy.languageCodes.slice(1), random.int(0, 2))],
    isPublished: random.chance(0.98),
    isBest: random.chance(0.05),
    popularity: random.int(0, 1000),
    ...riding,
    ...tourAggregates(
      dates,
      tourReviews.map((review) => review.rating),
      today,
    ),
    ...horseConditionAggregates(tourReviews.map((review) => review.horseCondition)),
  };
  // The programme once drew a text for every day and a title for every day in between.
  keepStreamInStep(random, programDays + Math.max(0, programDays - 2));
  const programme = tourProgramme(words, facts, programDays);
  const program: GeneratedTour['program'] = {
    tourId: id,
    days: programme.map(({ kind: _kind, ...day }, index) => ({
      day: index + 1,
      ...day,
      images:
        index % 3 === 1
          ? [
              {
                scene: 'trail',
                seed: id * 16 + 8 + index,
                alt: `Day ${index + 1}: ${day.title}`,
                landscape: region.landscape,
              },
            ]
          : [],
    })),
  };
  const ridingDays = seedRidingDays(
    {
      id,
      kind,
      difficulty: difficulty as 1 | 2 | 3 | 4,
      landscape: region.landscape,
      terrain: riding.terrain,
      accommodation,
      pace: {
        walk: riding.paceWalk,
        trot: riding.paceTrot,
        canter: riding.paceCanter,
        gallop: riding.paceGallop,
      },
      // The route leaves from where the tour starts (its map marker), named after its city.
      startCity: { name: startCity.name, lat: tour.lat, lng: tour.lng },
      inland: inlandOf(startCity, {
        region: region.cities.filter((other) => other.id !== startCity.id),
        country: country.regions
          .flatMap((r) => r.cities)
          .filter((other) => other.id !== startCity.id),
        centre: country.seed,
      }),
      maxLoopRadiusKm: startCity.rides?.withinKm,
      ship: ship?.name,
    },
    programme,
  );
  program.days.forEach((day, index) => (day.riding = ridingDays[index] ?? null));
  // The tour's saddle hours are its days' (decision 113): the filter reads what the page shows.
  const saddle = saddleHours(program.days);
  Object.assign(tour, saddle);
  // How the horses are kept reads the saddle hours the days give (decision 114 after 113).
  Object.assign(
    tour,
    seedTourWelfare(
      { kind, landscape: region.landscape, difficulty, ...riding, ...saddle },
      organizer.welfare,
    ),
  );
  const questionCount = random.int(2, 4);
  keepStreamInStep(random, QUESTION_POOL_DRAWS);
  const answerFacts = {
    levelAnswer: facts.pace.levelAnswer,
    standardLimit: limitInBothUnits(riding.maxRiderWeightKg),
    heavyLimit:
      riding.heavyRiderWeightKg > riding.maxRiderWeightKg
        ? limitInBothUnits(riding.heavyRiderWeightKg)
        : undefined,
    nonRidersWelcome: riding.nonRidersWelcome,
  };
  const questions = tourFaq(words, answerFacts, questionCount).map(
    ([question, answer], position) => ({
      tourId: id,
      question,
      answer,
      position,
    }),
  );
  const hasFormerSlug = random.chance(0.05);
  if (hasFormerSlug) keepStreamInStep(random, 1); // the former name

  return {
    tour,
    dates,
    program,
    questions,
    cities: routeCities.map((city, position) => ({
      tourId: id,
      cityId: city.id,
      position,
      isStart: position === 0,
      isEnd: position === routeCities.length - 1,
    })),
    reviews: tourReviews,
    ...(hasFormerSlug
      ? {
          redirect: {
            oldSlug: `${slugify(formerTourName(words, facts, name))}-old-${id}`,
            tourId: id,
          },
        }
      : {}),
    ...(id % 37 === 0 && !allPassed
      ? {
          individual: {
            // Drawn for every offer, so the demo's other draws stay as they were.
            uuid: ((drawn) => (id === DEMO_OFFER_TOUR ? DEMO_OFFER_UUID : drawn))(random.uuid()),
            tourId: id,
            clientName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
            note: 'A private departure on the dates you asked for, with a guide of your own.',
            startDate: addDays(today, random.int(30, 200)),
            price: Math.round(((dates[0]?.price ?? 100_000) * 1.4) / 100) * 100,
            currency,
          },
        }
      : {}),
  };
}

/** The last id given to each tour table whose ids the database would otherwise assign. */
interface LastIds {
  date: number;
  program: number;
  question: number;
  review: number;
}

/**
 * Numbers a tour's rows in generation order. Two batches are written at once, so the order their
 * rows reach the database varies from run to run; given ids, the catalogue does not (and the ids
 * are those of writing the batches one after another).
 */
function numberRows(generated: GeneratedTour, last: LastIds): void {
  for (const date of generated.dates) date.id = ++last.date;
  generated.program.id = ++last.program;
  for (const question of generated.questions) question.id = ++last.question;
  for (const review of generated.reviews) review.id = ++last.review;
}

/** The row type each part of a generated tour holds (one row, or a list of them). */
type PartRow = {
  [K in keyof GeneratedTour]-?: NonNullable<GeneratedTour[K]> extends (infer Row)[]
    ? Row
    : NonNullable<GeneratedTour[K]>;
};

async function insertBatch(ctx: SeedContext, batch: GeneratedTour[]): Promise<void> {
  const { db } = ctx;
  /** One part's rows over the batch: a tour holds one, several or none. */
  const rowsOf = <K extends keyof GeneratedTour>(part: K): PartRow[K][] =>
    batch.flatMap((tour) => (tour[part] ?? []) as PartRow[K] | PartRow[K][]);
  // Parents before children: dates, programmes, questions, cities and reviews name their tour.
  await insertRows(db, tours, rowsOf('tour'));
  await insertRows(db, tourDates, rowsOf('dates'));
  await insertRows(db, tourPrograms, rowsOf('program'));
  await insertRows(db, tourQuestions, rowsOf('questions'));
  await insertRows(db, tourCities, rowsOf('cities'));
  await insertRows(db, reviews, rowsOf('reviews'));
  await insertRows(db, tourSlugRedirects, rowsOf('redirect'));
  await insertRows(db, individualTours, rowsOf('individual'));
}

export interface SeededTours {
  /** The first tours (id, name, slug, is cruise) for autocomplete phrases. */
  phrases: { id: number; name: string; slug: string; isCruise: boolean }[];
}

export async function seedTours(
  ctx: SeedContext,
  world: SeededWorld,
  taxonomy: SeededTaxonomy,
  organizers: SeededOrganizer[],
): Promise<SeededTours> {
  const organizersByCountry = new Map<number, SeededOrganizer[]>();
  for (const organizer of organizers) {
    const list = organizersByCountry.get(organizer.countryId) ?? [];
    list.push(organizer);
    organizersByCountry.set(organizer.countryId, list);
  }
  const large = ctx.tours > 10_000;
  const context: TourContext = {
    world,
    taxonomy,
    organizers,
    organizersByCountry,
    today: ctx.today,
    // Benchmark sizes keep reviews sparse so seeding a million tours stays practical.
    withReviews: (random) =>
      large ? (random.chance(0.3) ? random.int(1, 3) : 0) : random.int(0, 7),
    reviews: new ReviewWriter(),
    phrasesLimit: 20_000,
  };
  const phrases: SeededTours['phrases'] = [];
  const random = ctx.random.fork('tours');
  const inFlight: Promise<void>[] = [];
  const lastIds: LastIds = { date: 0, program: 0, question: 0, review: 0 };
  for (let first = 1; first <= ctx.tours; first += BATCH) {
    const batch: GeneratedTour[] = [];
    for (let id = first; id < first + BATCH && id <= ctx.tours; id += 1) {
      const generated = generateTour(random, id, context);
      numberRows(generated, lastIds);
      batch.push(generated);
      if (phrases.length < context.phrasesLimit && generated.tour.isPublished) {
        phrases.push({
          id,
          name: generated.tour.name,
          slug: generated.tour.slug,
          isCruise: generated.tour.isCruise ?? false,
        });
      }
    }
    const inserting = insertBatch(ctx, batch);
    // Marked handled now: a batch failing while an earlier one is awaited must not count as an
    // unhandled rejection; it is thrown when its own turn comes.
    inserting.catch(() => {});
    inFlight.push(inserting);
    if (inFlight.length >= BATCHES_IN_FLIGHT) await inFlight.shift();
    if (large && (first - 1) % 10_000 === 0)
      ctx.log(`tours: ${Math.min(first + BATCH - 1, ctx.tours)}/${ctx.tours}`);
  }
  for (const inserting of inFlight) await inserting;
  ctx.log(`tours: ${ctx.tours}`);
  return { phrases };
}
