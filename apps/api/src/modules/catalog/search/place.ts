/**
 * The point and radius of a place search. `lat`/`lng` win; a `placeName` without coordinates is
 * looked up among the cities (exact name first, then the best match as in the autocomplete), since the web sends the
 * name of the place the visitor picked. A name that matches no city restricts nothing: it is a
 * label, and an empty page for a typo would be worse than the unfiltered list.
 */
import type { Place } from '@gallop/search-index';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { normalizePhrase, phraseMatch } from './completion.ts';
import { queryRows } from './sql.ts';
import { DEFAULT_RADIUS_KM, type TourSearchFilter } from './filters.ts';

export async function resolvePlace(
  db: Database,
  filter: Pick<TourSearchFilter, 'lat' | 'lng' | 'radius' | 'placeName'>,
): Promise<Place | undefined> {
  const radiusKm = filter.radius ?? DEFAULT_RADIUS_KM;
  if (filter.lat !== undefined && filter.lng !== undefined) {
    return { lat: filter.lat, lng: filter.lng, radiusKm };
  }
  const name = normalizePhrase(filter.placeName);
  if (name === '') return undefined;
  const match = phraseMatch(sql`lower(cities.name)`, name);
  const [city] = await queryRows<{ lat: number; lng: number }>(
    db,
    sql`
    select cities.lat, cities.lng from cities
    where lower(cities.name) = ${name} or ${match.where}
    order by lower(cities.name) = ${name} desc, ${match.order}, cities.id
    limit 1`,
  );
  return city ? { lat: Number(city.lat), lng: Number(city.lng), radiusKm } : undefined;
}
