import { asc } from 'drizzle-orm';
import { cities, climateNormals, countries, regions } from '@gallop/api/src/db/schema/index.ts';
import { insertInChunks, type SeedContext } from '../context.ts';
import { isDestinationCountry } from '../geography.ts';
import type { Random } from '@gallop/api/src/shared/random.ts';

/** What shapes a place's climate beyond its latitude. */
export interface ClimateTraits {
  /** 0.3 oceanic (small seasonal swing) ... 2 deep continental (hot summers, bitter winters). */
  continentality: number;
  /** Multiplies the latitude band's yearly rainfall: 0.05 desert ... 2 rainforest coast. */
  wetness: number;
  /** Degrees taken off for altitude (0 on the plains, 10+ on high plateaus). */
  coolness: number;
  /** Where the rain falls: 1 summer monsoon, 0 evenly, -0.8 Mediterranean winter rains. */
  summerRain: number;
}

/** Defaults from the latitude alone, for a country the table below does not know. */
export function latitudeTraits(lat: number): ClimateTraits {
  const absLat = Math.abs(lat);
  return {
    continentality: 0.9,
    wetness: 1,
    coolness: 0,
    summerRain: absLat < 23 ? 0.8 : absLat < 45 ? -0.6 : 0.2,
  };
}

const t = (
  continentality: number,
  wetness: number,
  coolness: number,
  summerRain: number,
): ClimateTraits => ({ continentality, wetness, coolness, summerRain });

/**
 * Rough climate character of the demo countries (by ISO code), so that Iceland stays mild and
 * wet and Mongolia bitterly cold in winter; other countries fall back to `latitudeTraits`.
 */
const COUNTRY_TRAITS: Record<string, ClimateTraits> = {
  IS: t(0.35, 1.2, 0, 0),
  IE: t(0.45, 1.3, 0, 0),
  GB: t(0.5, 1.2, 1, 0),
  ES: t(1.1, 0.8, 1, -0.6),
  PT: t(0.72, 1.0, 0, -0.7),
  FR: t(0.8, 1.0, 0, 0),
  IT: t(1.0, 1.0, 1, -0.4),
  NO: t(0.8, 1.1, 1, 0.1),
  HU: t(1.1, 0.7, 0, 0.3),
  GE: t(1.3, 0.9, 3, 0.2),
  RU: t(1.3, 0.7, 2, 0.4),
  MN: t(2.0, 0.3, 12, 0.9),
  KZ: t(1.5, 0.6, 3, 0.1),
  KG: t(1.6, 0.6, 6, 0.2),
  CN: t(1.6, 1.0, 3, 0.9),
  IN: t(1.7, 0.7, 0, 1.0),
  TR: t(1.4, 0.7, 4, -0.5),
  JO: t(1.3, 0.4, 2, -0.8),
  MM: t(0.8, 1.0, 0, 1.0),
  MA: t(1.3, 0.6, 2, -0.6),
  ZA: t(0.85, 0.8, 3, 0.6),
  KE: t(0.6, 0.5, 9, 0.2),
  BW: t(1.1, 0.45, 0, 1.0),
  NA: t(1.1, 0.25, 4, 1.0),
  LR: t(0.3, 2.0, 0, 0.8),
  EG: t(1.25, 0.05, 0, -0.8),
  US: t(1.3, 0.7, 3, 0),
  CA: t(1.3, 0.6, 3, 0.4),
  MX: t(0.9, 0.6, 5, 0.9),
  CR: t(0.3, 1.3, 3, 0.6),
  AR: t(1.2, 0.7, 1, 0.3),
  CL: t(0.8, 0.7, 1, -0.8),
  PE: t(0.4, 0.5, 12, 0.9),
  BR: t(0.5, 0.8, 1, 0.8),
  UY: t(0.8, 1.5, 0, 0),
  AU: t(1.0, 0.6, 1, 0),
  NZ: t(0.55, 1.3, 1, 0),
  FJ: t(0.4, 1.3, 0, 0.6),
};

export function countryTraits(isoCode: string, lat: number): ClimateTraits {
  return COUNTRY_TRAITS[isoCode] ?? latitudeTraits(lat);
}

export interface MonthlyNormal {
  month: number;
  temperatureMin: number;
  temperatureMax: number;
  precipitationMm: number;
  sunnyDays: number;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Yearly rainfall (mm) by latitude band: wet tropics, dry subtropics, damp mid-latitudes. */
function annualRainfall(absLat: number): number {
  if (absLat < 12) return 1900;
  if (absLat < 20) return 1100;
  if (absLat < 32) return 450;
  if (absLat < 40) return 650;
  if (absLat < 60) return 850;
  return 600;
}

/**
 * Plausible monthly normals from latitude, hemisphere and a few traits: the yearly mean falls
 * away from the tropics (and with altitude), the seasonal swing grows with latitude and
 * continentality and peaks in July north of the equator (January south of it), and the rain of
 * the latitude band falls in summer, in winter or evenly as the traits say.
 */
export function monthlyNormals(lat: number, traits: ClimateTraits): MonthlyNormal[] {
  const absLat = Math.abs(lat);
  const annualMean = 27 - 0.42 * Math.max(0, absLat - 12) - traits.coolness;
  const swing = (0.4 + 0.2 * absLat) * traits.continentality;
  const dailyRange = Math.max(
    4,
    7 + 4 * Math.min(1, traits.continentality - 0.4) - 2 * (traits.wetness - 1),
  );
  const yearlyRain = annualRainfall(absLat) * traits.wetness;
  const summerMonth = lat >= 0 ? 7 : 1;

  return DAYS_IN_MONTH.map((days, index) => {
    const month = index + 1;
    // 1 at the height of summer, -1 at the depth of winter.
    const season = Math.cos((2 * Math.PI * (month - summerMonth)) / 12);
    const mean = annualMean + swing * season;
    const rainShape = Math.max(0.05, 1 + traits.summerRain * season);
    const precipitation = ((yearlyRain / 12) * rainShape * days) / 30.4;
    const darkness = absLat > 55 ? Math.max(0, -season) * (absLat - 55) * 0.04 : 0;
    const sunnyShare = Math.min(0.9, Math.max(0.05, 0.8 - precipitation / 220 - darkness));
    return {
      month,
      temperatureMin: round1(mean - dailyRange / 2),
      temperatureMax: round1(mean + dailyRange / 2),
      precipitationMm: Math.round(precipitation),
      sunnyDays: Math.round(days * sunnyShare),
    };
  });
}

/** A region or city shares its country's climate, nudged a little. */
function nudge(traits: ClimateTraits, random: Random): ClimateTraits {
  return {
    continentality: Math.max(0.3, traits.continentality + (random.next() - 0.5) * 0.2),
    wetness: Math.max(0.05, traits.wetness * (0.85 + random.next() * 0.3)),
    coolness: Math.max(0, traits.coolness + random.int(-1, 2)),
    summerRain: traits.summerRain,
  };
}

type ClimateRow = typeof climateNormals.$inferInsert;

const rowsFor = (
  destinationKind: ClimateRow['destinationKind'],
  destinationId: number,
  lat: number,
  traits: ClimateTraits,
): ClimateRow[] =>
  monthlyNormals(lat, traits).map((normal) => ({ destinationKind, destinationId, ...normal }));

/** Monthly normals for every country, region and city of the catalogue. */
export async function seedClimate(ctx: SeedContext): Promise<number> {
  const random = ctx.random.fork('content:climate');
  const [countryRows, regionRows, cityRows] = await Promise.all([
    ctx.db.select().from(countries).where(isDestinationCountry()).orderBy(asc(countries.id)),
    ctx.db.select().from(regions).orderBy(asc(regions.id)),
    ctx.db.select().from(cities).orderBy(asc(cities.id)),
  ]);
  const traitsByCountry = new Map<number, { lat: number; traits: ClimateTraits }>();
  const regionTraits = new Map<number, ClimateTraits>();
  const rows: ClimateRow[] = [];

  for (const country of countryRows) {
    const traits = countryTraits(country.isoCode, country.lat);
    traitsByCountry.set(country.id, { lat: country.lat, traits });
    rows.push(...rowsFor('country', country.id, country.lat, traits));
  }
  for (const region of regionRows) {
    const country = traitsByCountry.get(region.countryId);
    if (!country) continue;
    // Regions carry no coordinates: the mean latitude of their cities, else the country's.
    const own = cityRows.filter((city) => city.regionId === region.id);
    const lat = own.length
      ? own.reduce((sum, city) => sum + city.lat, 0) / own.length
      : country.lat;
    const traits = nudge(country.traits, random);
    regionTraits.set(region.id, traits);
    rows.push(...rowsFor('region', region.id, lat, traits));
  }
  for (const city of cityRows) {
    const parent =
      (city.regionId !== null ? regionTraits.get(city.regionId) : undefined) ??
      traitsByCountry.get(city.countryId)?.traits;
    if (!parent) continue;
    rows.push(...rowsFor('city', city.id, city.lat, nudge(parent, random)));
  }
  await insertInChunks(rows, 1000, (chunk) => ctx.db.insert(climateNormals).values(chunk));
  return rows.length / 12;
}
