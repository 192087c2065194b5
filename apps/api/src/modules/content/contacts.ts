import type { components } from '@gallop/api-client';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { cities, contactPhones } from '#src/db/schema/index.ts';
import { readSiteSettings } from './site-settings.ts';

type Contacts = components['schemas']['Contacts'];
type PhoneRow = typeof contactPhones.$inferSelect;

/** Where the visitor is (both optional): their city's and country's phones come first. */
export interface ContactPlace {
  cityId?: number | undefined;
  countryId?: number | undefined;
}

const CITY = 0;
const COUNTRY = 1;
const GENERAL = 2;
const ELSEWHERE = 3;

function rankOf(phone: PhoneRow, place: ContactPlace): number {
  if (phone.entityKind === null) return GENERAL;
  if (phone.entityKind === 'city' && phone.entityId === place.cityId) return CITY;
  if (phone.entityKind === 'country' && phone.entityId === place.countryId) return COUNTRY;
  return ELSEWHERE;
}

/**
 * The phones to show for a place, local ones preferred: the city's, then the country's, then the
 * general ones (main before additional within each). Phones of other places are listed only with
 * `all`; otherwise `hasOtherPhones` says they exist.
 */
export function choosePhones(
  phones: readonly PhoneRow[],
  place: ContactPlace,
  all: boolean,
): { phones: PhoneRow[]; hasOtherPhones: boolean } {
  const ranked = phones
    .map((phone) => ({ phone, rank: rankOf(phone, place) }))
    .filter(({ rank }) => all || rank !== ELSEWHERE)
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(a.phone.type !== 'main') - Number(b.phone.type !== 'main') ||
        a.phone.position - b.phone.position ||
        a.phone.id - b.phone.id,
    )
    .map(({ phone }) => phone);
  return { phones: ranked, hasOtherPhones: ranked.length < phones.length };
}

function toContactPhone(phone: PhoneRow): Contacts['phones'][number] {
  return {
    type: phone.type,
    formatted_phone: phone.formattedPhone,
    entity:
      phone.entityKind && phone.entityId !== null
        ? { id: phone.entityId, kind: phone.entityKind }
        : null,
  };
}

/** A city without a country given still brings its country's phones. */
async function resolvePlace(db: Database, place: ContactPlace): Promise<ContactPlace> {
  if (place.cityId === undefined || place.countryId !== undefined) return place;
  const [city] = await db
    .select({ countryId: cities.countryId })
    .from(cities)
    .where(eq(cities.id, place.cityId));
  return { ...place, countryId: city?.countryId };
}

/** The `Contacts` block: support email and the phones for the visitor's place. */
export async function loadContacts(
  db: Database,
  place: ContactPlace,
  all = false,
): Promise<Contacts> {
  const [resolved, phones, settings] = await Promise.all([
    resolvePlace(db, place),
    db.select().from(contactPhones),
    readSiteSettings(db, ['support_email']),
  ]);
  const chosen = choosePhones(phones, resolved, all);
  return {
    email: settings.support_email || null,
    phones: chosen.phones.map(toContactPhone),
    has_other_phones: chosen.hasOtherPhones,
  };
}
