import {
  cities,
  collections,
  countries,
  organizers,
  regions,
  restKinds,
  searchPhrases,
  showplaces,
} from '@gallop/api/src/db/schema/index.ts';
import { insertInChunks, type SeedContext } from './context.ts';
import { isDestinationCountry } from './geography.ts';
import type { SeededTours } from './tours.ts';

/**
 * Fills the autocomplete phrases from what was seeded. Places and kinds weigh more than single
 * tours, so "ice" suggests Iceland before a tour that mentions it.
 */
export async function seedSearchPhrases(ctx: SeedContext, seeded: SeededTours): Promise<void> {
  const { db } = ctx;
  const [
    countryRows,
    regionRows,
    cityRows,
    kindRows,
    collectionRows,
    showplaceRows,
    organizerRows,
  ] = await Promise.all([
    db
      .select({ id: countries.id, name: countries.name, slug: countries.slug })
      .from(countries)
      .where(isDestinationCountry()),
    db.select({ id: regions.id, name: regions.name, slug: regions.slug }).from(regions),
    db
      .select({ id: cities.id, name: cities.name, slug: cities.slug, isPort: cities.isPort })
      .from(cities),
    db.select({ id: restKinds.id, name: restKinds.name, slug: restKinds.slug }).from(restKinds),
    db
      .select({ id: collections.id, name: collections.name, slug: collections.slug })
      .from(collections),
    db.select({ id: showplaces.id, name: showplaces.name, slug: showplaces.slug }).from(showplaces),
    db.select({ id: organizers.id, name: organizers.name, slug: organizers.slug }).from(organizers),
  ]);
  const rows: (typeof searchPhrases.$inferInsert)[] = [
    ...countryRows.map((row) => ({
      kind: 'country' as const,
      text: row.name,
      refId: row.id,
      slug: row.slug,
      weight: 100,
    })),
    ...kindRows.map((row) => ({
      kind: 'rest_kind' as const,
      text: row.name,
      refId: row.id,
      slug: row.slug,
      weight: 90,
      isCruise: /cruise/i.test(row.name),
    })),
    ...regionRows.map((row) => ({
      kind: 'region' as const,
      text: row.name,
      refId: row.id,
      slug: row.slug,
      weight: 80,
    })),
    ...collectionRows.map((row) => ({
      kind: 'collection' as const,
      text: row.name,
      refId: row.id,
      slug: row.slug,
      weight: 70,
    })),
    ...cityRows.map((row) => ({
      kind: 'city' as const,
      text: row.name,
      refId: row.id,
      slug: row.slug,
      weight: 60,
      isCruise: row.isPort,
    })),
    ...showplaceRows.map((row) => ({
      kind: 'showplace' as const,
      text: row.name,
      refId: row.id,
      slug: row.slug,
      weight: 50,
    })),
    ...organizerRows.map((row) => ({
      kind: 'organizer' as const,
      text: row.name,
      refId: row.id,
      slug: row.slug,
      weight: 40,
    })),
    ...seeded.phrases.map((tour) => ({
      kind: 'tour' as const,
      text: tour.name,
      refId: tour.id,
      slug: tour.slug,
      weight: 10,
      isCruise: tour.isCruise,
    })),
  ];
  await insertInChunks(rows, 2000, (chunk) => db.insert(searchPhrases).values(chunk));
  ctx.log(`search phrases: ${rows.length}`);
}
