import { REFERENCE_LANGUAGES } from '@gallop/api/src/db/reference/languages.ts';
import { collections, restKinds, seasons, ships } from '@gallop/api/src/db/schema/index.ts';
import type { SeedContext } from './context.ts';
import { COLLECTIONS, REST_KINDS, SEASONS, SHIPS } from './data/catalog.ts';
import { slugify } from '@gallop/api/src/shared/slug.ts';
import type { When } from './text-facts.ts';

export interface SeededTaxonomy {
  restKinds: { id: number; fits: string[]; when?: When | undefined }[];
  collections: { id: number; when?: When | undefined }[];
  languageCodes: string[];
  ships: { id: number; name: string; cabinsCapacity: number }[];
}

export async function seedTaxonomy(ctx: SeedContext): Promise<SeededTaxonomy> {
  const { db } = ctx;
  const restKindRows = REST_KINDS.map((kind, index) => ({
    id: index + 1,
    name: kind.name,
    slug: slugify(kind.name),
    imageSeed: 500 + index,
    position: index,
  }));
  await db.insert(restKinds).values(restKindRows);
  await db.insert(collections).values(
    COLLECTIONS.map((collection, index) => ({
      id: index + 1,
      name: collection.name,
      slug: slugify(collection.name),
      description: collection.description,
      imageSeed: 600 + index,
      isIndividual: index % 4 === 0 ? 1 : 0,
      seoParams: { title: `${collection.name}: horseback riding tours`, h1: collection.name },
      position: index,
    })),
  );
  await db.insert(seasons).values(
    SEASONS.map((season, index) => ({
      id: index + 1,
      name: season.name,
      slug: slugify(season.name),
      months: season.months,
      imageSeed: 700 + index,
    })),
  );
  const shipRows = SHIPS.map((ship, index) => ({ id: index + 1, ...ship }));
  await db.insert(ships).values(shipRows);
  return {
    restKinds: REST_KINDS.map((kind, index) => ({
      id: index + 1,
      fits: kind.fits,
      when: kind.when,
    })),
    collections: COLLECTIONS.map((collection, index) => ({ id: index + 1, when: collection.when })),
    // The reference languages (decision 163): a tour's guides speak some of them.
    languageCodes: REFERENCE_LANGUAGES.map((language) => language.code),
    ships: shipRows.map(({ id, name, cabinsCapacity }) => ({ id, name, cabinsCapacity })),
  };
}
