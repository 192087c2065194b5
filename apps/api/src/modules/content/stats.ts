import type { components } from '@gallop/api-client';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { CRUISE_SEGMENT, listedTour, TOUR_SEGMENT } from '#src/modules/catalog/index.ts';

type Stats = components['schemas']['Stats'];

/**
 * Catalogue counts for the home page, over the listed tours (the search's own rule,
 * `catalog/listed.ts`): all of them, multi-day non-cruise tours (type 1: what `/tours` finds),
 * cruises (what the cruise search finds), authors' tours, and the regions and rest kinds they cover; plus the published
 * organizers whose email, phone and passport checks all succeeded.
 */
export async function loadStats(db: Database, today: string): Promise<Stats> {
  const result = (await db.execute(sql`
    with live as (
      select type, is_cruise, operator_type, region_ids, rest_kind_ids
      from tours
      where ${listedTour(today)}
    )
    select
      (select count(*) from live) as total,
      (select count(*) from live as tours where ${TOUR_SEGMENT}) as tours,
      (select count(*) from live as tours where ${CRUISE_SEGMENT}) as cruises,
      (select count(*) from live where operator_type = 'author') as author_tours,
      (select count(distinct region_id) from live, unnest(region_ids) as region_id) as regions,
      (select count(distinct kind_id) from live, unnest(rest_kind_ids) as kind_id) as rest_kinds,
      (select count(*) from organizers
        where is_published_on_site and email_check = 1 and phone_check = 1 and passport_check = 1
      ) as verified_organizers
  `)) as unknown as { rows: Record<string, string | number | null>[] };
  const row = result.rows[0];
  // count(*) is a string on node-postgres and a number on PGlite.
  const read = (name: string) => Number(row?.[name] ?? 0);
  return {
    totalCount: read('total'),
    toursCount: read('tours'),
    cruisesCount: read('cruises'),
    authorToursCount: read('author_tours'),
    verifiedOrganizersCount: read('verified_organizers'),
    regionsCount: read('regions'),
    restKindsCount: read('rest_kinds'),
  };
}
