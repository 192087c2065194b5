import { eq, inArray } from 'drizzle-orm';
import {
  REFERENCE_COUNTRIES,
  WORLD_PARTS,
  type WorldPart,
} from '@gallop/api/src/db/reference/countries.ts';
import {
  cities,
  countries,
  currencyRates,
  regions,
  showplaces,
  waterObjects,
} from '@gallop/api/src/db/schema/index.ts';
import { landscapeName, type LandscapeName } from '@gallop/api/src/modules/media/index.ts';
import type { SeedContext } from './context.ts';
import {
  CURRENCY_RATES,
  COUNTRIES,
  type CityRides,
  type CountrySeed,
  type RegionFeature,
} from './data/world.ts';
import { WATER_OBJECTS } from './data/catalog.ts';
import { slugify } from '@gallop/api/src/shared/slug.ts';

interface SeededCity {
  id: number;
  name: string;
  regionId: number;
  countryId: number;
  lat: number;
  lng: number;
  isPort: boolean;
  /** A beach to ride on starts here. */
  beach: boolean;
  /** Where rides head and how far they stray, where coast or border is near. */
  rides: CityRides | undefined;
}

export interface SeededRegion {
  id: number;
  name: string;
  countryId: number;
  /** The landscape its pictures are drawn with (`tundra-coast`, `steppe` ...). */
  landscape: LandscapeName;
  coast: boolean;
  features: readonly RegionFeature[];
  cities: SeededCity[];
  showplaces: { id: number; name: string }[];
}

export interface SeededCountry {
  seed: CountrySeed;
  id: number;
  worldPartId: number;
  regions: SeededRegion[];
  waterIds: number[];
}

export interface SeededWorld {
  countries: SeededCountry[];
  waters: { id: number; name: string; kind: 'river' | 'lake' | 'sea' }[];
}

export async function seedGeography(ctx: SeedContext): Promise<SeededWorld> {
  const { db } = ctx;
  await db
    .insert(currencyRates)
    .values(Object.entries(CURRENCY_RATES).map(([code, perUsd]) => ({ code, perUsd })));
  const waters = WATER_OBJECTS.map((water, index) => ({ id: index + 1, ...water }));
  await db
    .insert(waterObjects)
    .values(waters.map((water) => ({ ...water, slug: slugify(water.name) })));

  const seeded: SeededCountry[] = [];
  let regionId = 0;
  let cityId = 0;
  let showplaceId = 0;
  for (const country of COUNTRIES) {
    const worldPartId = WORLD_PARTS.indexOf(country.worldPart as WorldPart) + 1;
    const regionsOfCountry: SeededRegion[] = country.regions.map((region) => {
      regionId += 1;
      const id = regionId;
      return {
        id,
        name: region.name,
        countryId: country.id,
        landscape: landscapeName(region.landscape, region.coast ?? false),
        coast: region.coast ?? false,
        features: region.features,
        cities: region.cities.map((city) => {
          cityId += 1;
          return {
            id: cityId,
            name: city.name,
            regionId: id,
            countryId: country.id,
            lat: city.lat,
            lng: city.lng,
            isPort: city.isPort ?? false,
            beach: city.beach ?? false,
            rides: city.rides,
          };
        }),
        showplaces: region.showplaces.map((name) => {
          showplaceId += 1;
          return { id: showplaceId, name };
        }),
      };
    });
    seeded.push({
      seed: country,
      id: country.id,
      worldPartId,
      regions: regionsOfCountry,
      waterIds: (country.waters ?? []).map((name) => {
        const water = waters.find((candidate) => candidate.name === name);
        if (!water) throw new Error(`Unknown water object ${name}`);
        return water.id;
      }),
    });
  }

  // The countries are reference data (decision 163): the demo describes the ones its tours visit.
  for (const { seed, id, regions: regionsOfCountry } of seeded) {
    await db
      .update(countries)
      .set({
        description: `Horseback riding holidays in ${seed.name}: ${seed.regions.map((r) => r.name).join(', ')}.`,
        // The country's picture shows its first, best-known riding region.
        landscape: regionsOfCountry[0]?.landscape ?? null,
      })
      .where(eq(countries.id, id));
  }
  const allRegions = seeded.flatMap((country) => country.regions);
  await db.insert(regions).values(
    allRegions.map((region) => ({
      id: region.id,
      countryId: region.countryId,
      name: region.name,
      slug: slugify(region.name),
      imageSeed: region.id * 11 + 5,
      landscape: region.landscape,
    })),
  );
  await db.insert(cities).values(
    allRegions.flatMap((region) =>
      region.cities.map((city) => ({
        id: city.id,
        countryId: city.countryId,
        regionId: city.regionId,
        name: city.name,
        // City names repeat across countries (Liberia, Costa Rica): qualify with the region.
        slug: `${slugify(city.name)}-${slugify(region.name)}`,
        lat: city.lat,
        lng: city.lng,
        isPort: city.isPort,
      })),
    ),
  );
  await db.insert(showplaces).values(
    allRegions.flatMap((region) =>
      region.showplaces.map((showplace, index) => {
        const city = region.cities[index % region.cities.length]!;
        return {
          id: showplace.id,
          countryId: region.countryId,
          cityId: city.id,
          name: showplace.name,
          slug: `${slugify(showplace.name)}-${showplace.id}`,
          lat: city.lat + 0.05,
          lng: city.lng + 0.05,
        };
      }),
    ),
  );
  ctx.log(
    `geography: ${seeded.length} destinations of ${REFERENCE_COUNTRIES.length} countries, ${allRegions.length} regions, ${cityId} cities`,
  );
  return { countries: seeded, waters };
}

/**
 * The countries tours go to. The seed's content (search phrases, landing pages, climate) speaks
 * of these only: the other countries have no regions, no pictures and no tours.
 */
export const DESTINATION_COUNTRY_IDS: readonly number[] = COUNTRIES.map((country) => country.id);

/** A `where` for the destination countries (above) of the countries table. */
export const isDestinationCountry = () => inArray(countries.id, [...DESTINATION_COUNTRY_IDS]);
