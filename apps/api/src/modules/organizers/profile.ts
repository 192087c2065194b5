import type { components } from '@gallop/api-client';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { countries, organizers } from '#src/db/schema/index.ts';
// The card's organizer brief is shared with tour cards, so both show the same badges and avatar.
import {
  organizerWelfare,
  toHorseCondition,
  toMediaItem,
  toOrganizerBrief,
} from '#src/modules/catalog/index.ts';
import type { MediaScene } from '#src/modules/media/index.ts';

type Schemas = components['schemas'];
type OrganizerRow = typeof organizers.$inferSelect;
type CountryOption = Schemas['CountryOption'];

/** Gallery pictures of a provider: its horses, its trails, its camps, in turn. */
const GALLERY_SCENES: MediaScene[] = ['horse', 'trail', 'camp'];

export interface ProfileOptions {
  /** Owner-only fields (messengers) for the signed-in organizer's own profile. */
  forOwner?: boolean;
  /** The landscape of the organizer's country: its gallery shows that kind of place. */
  landscape?: string | null;
}

/** The contract's `Organizer`: the card brief plus the public profile. */
export function toOrganizer(
  row: OrganizerRow,
  country: CountryOption | null,
  options: ProfileOptions = {},
): Schemas['Organizer'] {
  return {
    ...toOrganizerBrief(row, false),
    description: row.description || null,
    legal_type: row.legalType,
    seller_type: row.sellerType,
    ...(country ? { country } : {}),
    tours_count: row.toursCount,
    horse_condition: toHorseCondition(row),
    is_published_on_site: row.isPublishedOnSite,
    // Contacts stay private: travellers reach providers through the site's chat.
    ...(options.forOwner ? { messengers: row.messengers } : {}),
    horse_welfare: organizerWelfare(row),
    images: row.imageSeeds.map((seed, index) =>
      toMediaItem(
        {
          scene: GALLERY_SCENES[index % GALLERY_SCENES.length]!,
          seed,
          alt: `${row.name}, photo ${index + 1}`,
          ...(options.landscape ? { landscape: options.landscape } : {}),
        },
        false,
      ),
    ),
  };
}

const withCountry = {
  organizer: organizers,
  country: { id: countries.id, name: countries.name },
  landscape: countries.landscape,
};

/** A provider shown on the site (published), with its country; undefined for others. */
export async function findPublishedOrganizer(
  db: Database,
  id: number,
): Promise<
  { organizer: OrganizerRow; country: CountryOption | null; landscape: string | null } | undefined
> {
  const [row] = await db
    .select(withCountry)
    .from(organizers)
    .leftJoin(countries, eq(countries.id, organizers.countryId))
    .where(and(eq(organizers.id, id), eq(organizers.isPublishedOnSite, true)));
  return row;
}

export function toVerificationInfo(row: OrganizerRow): Schemas['VerificationInfo'] {
  return {
    is_email_verified: row.emailCheck === 1,
    is_phone_verified: row.phoneCheck === 1,
    is_passport_verified: row.passportCheck === 1,
    email_check: row.emailCheck as Schemas['VerificationCheck'],
    phone_check: row.phoneCheck as Schemas['PhoneVerificationCheck'],
    passport_check: row.passportCheck as Schemas['VerificationCheck'],
  };
}

export interface HubQuery {
  page: number;
  limit: number;
  countryId?: number | undefined;
}

/**
 * The providers hub: published providers (of a country, if given), best rated first, then the
 * most reviewed; `id` breaks ties so pages are stable and complete.
 */
export async function listHubOrganizers(
  db: Database,
  query: HubQuery,
): Promise<Schemas['HubOrganizer']> {
  const where = and(
    eq(organizers.isPublishedOnSite, true),
    query.countryId === undefined ? undefined : eq(organizers.countryId, query.countryId),
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count().mapWith(Number) })
    .from(organizers)
    .where(where);
  const pastEnd = (query.page - 1) * query.limit >= total;
  const rows = pastEnd
    ? []
    : await db
        .select(withCountry)
        .from(organizers)
        .leftJoin(countries, eq(countries.id, organizers.countryId))
        .where(where)
        .orderBy(
          sql`${organizers.rating} desc nulls last`,
          desc(organizers.reviewsCount),
          asc(organizers.id),
        )
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
  return {
    items: rows.map((row) => toOrganizer(row.organizer, row.country, { landscape: row.landscape })),
    pagination: {
      page: query.page,
      per_page: query.limit,
      total,
      page_count: Math.ceil(total / query.limit),
    },
  };
}
