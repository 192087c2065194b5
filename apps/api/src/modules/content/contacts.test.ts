import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cities, contactPhones } from '#src/db/schema/index.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { choosePhones } from './contacts.ts';
import { expectContractError, useTestApp } from './testing.ts';

type PhoneRow = typeof contactPhones.$inferSelect;

const phone = (
  id: number,
  type: PhoneRow['type'],
  entityKind: PhoneRow['entityKind'] = null,
  entityId: number | null = null,
  position = 0,
): PhoneRow => ({
  id,
  type,
  phone: `+1000000${id}`,
  formattedPhone: `+1 000 000 ${id}`,
  entityKind,
  entityId,
  position,
});

describe('choosePhones', () => {
  const phones = [
    phone(1, 'additional', null, null, 1),
    phone(2, 'main', null, null, 0),
    phone(3, 'main', 'country', 10),
    phone(4, 'main', 'city', 100),
    phone(5, 'main', 'country', 20),
    phone(6, 'main', 'city', 200),
  ];
  const ids = (chosen: { phones: PhoneRow[] }) => chosen.phones.map((row) => row.id);

  it('puts the city phone first, then the country phone, then the general ones (main first)', () => {
    const chosen = choosePhones(phones, { cityId: 100, countryId: 10 }, false);
    expect(ids(chosen)).toEqual([4, 3, 2, 1]);
    expect(chosen.hasOtherPhones).toBe(true);
  });

  it('gives only the general phones for a place without local ones', () => {
    const chosen = choosePhones(phones, { cityId: 999, countryId: 99 }, false);
    expect(ids(chosen)).toEqual([2, 1]);
    expect(chosen.hasOtherPhones).toBe(true);
  });

  it('lists every phone with `all`, the local and general ones still first', () => {
    const chosen = choosePhones(phones, { countryId: 20 }, true);
    expect(ids(chosen)).toEqual([5, 2, 1, 3, 4, 6]);
    expect(chosen.hasOtherPhones).toBe(false);
  });

  it('says there are no other phones when every phone is shown', () => {
    const general = phones.filter((row) => row.entityKind === null);
    expect(choosePhones(general, {}, false)).toEqual({
      phones: [general[1], general[0]],
      hasOtherPhones: false,
    });
  });
});

describe('GET /spa/contacts (getContacts) over the seeded phones', () => {
  const shared = useTestApp();

  const contacts = async (query: string) => {
    const response = await shared.get(`/spa/contacts${query}`);
    expect(response.statusCode).toBe(200);
    return expectContractResponse(response, 'getContacts') as {
      email: string | null;
      phones: {
        type: string;
        formatted_phone: string;
        entity?: { id: number; kind: string } | null;
      }[];
      has_other_phones: boolean;
    };
  };

  async function fixtures() {
    const { db } = shared;
    const general = await db.select().from(contactPhones).where(isNull(contactPhones.entityKind));
    const [cityPhone] = await db
      .select()
      .from(contactPhones)
      .where(eq(contactPhones.entityKind, 'city'))
      .limit(1);
    if (!cityPhone?.entityId) throw new Error('the seed has no city phone');
    const [city] = await db.select().from(cities).where(eq(cities.id, cityPhone.entityId));
    const countryPhones = await db
      .select()
      .from(contactPhones)
      .where(eq(contactPhones.entityKind, 'country'));
    const all = await db.select().from(contactPhones);
    return { general, cityPhone, city: city!, countryPhones, all };
  }

  it('answers the general phones and the support email without a place', async () => {
    const { general, all } = await fixtures();
    const body = await contacts('');
    expect(body.email).toMatch(/@/);
    expect(body.phones.map((row) => row.formatted_phone)).toEqual(
      [...general]
        .sort(
          (a, b) =>
            Number(a.type !== 'main') - Number(b.type !== 'main') || a.position - b.position,
        )
        .map((row) => row.formattedPhone),
    );
    expect(body.phones.every((row) => row.entity === null)).toBe(true);
    expect(body.has_other_phones).toBe(all.length > general.length);
  });

  it('prefers the city phone, then its country phone (taken from the city), then general ones', async () => {
    const { cityPhone, city, countryPhones, general } = await fixtures();
    const countryPhone = countryPhones.find((row) => row.entityId === city.countryId);
    const body = await contacts(`?city_id=${city.id}`);
    expect(body.phones[0]).toEqual({
      type: cityPhone.type,
      formatted_phone: cityPhone.formattedPhone,
      entity: { id: city.id, kind: 'city' },
    });
    if (!countryPhone) throw new Error('the seed has no country phone for a city with a phone');
    expect(body.phones[1]).toEqual({
      type: countryPhone.type,
      formatted_phone: countryPhone.formattedPhone,
      entity: { id: city.countryId, kind: 'country' },
    });
    expect(
      body.phones
        .slice(2)
        .map((row) => row.formatted_phone)
        .sort(),
    ).toEqual(general.map((row) => row.formattedPhone).sort());
  });

  it('puts a country phone before the general ones for country_id', async () => {
    const { countryPhones, general } = await fixtures();
    const local = countryPhones[0]!;
    const body = await contacts(`?country_id=${local.entityId}`);
    expect(body.phones[0]).toMatchObject({
      formatted_phone: local.formattedPhone,
      entity: { id: local.entityId, kind: 'country' },
    });
    const sameCountry = countryPhones.filter((row) => row.entityId === local.entityId);
    expect(body.phones).toHaveLength(sameCountry.length + general.length);
  });

  it('lists every phone with all=1', async () => {
    const { all } = await fixtures();
    const body = await contacts('?all=1');
    expect(body.phones).toHaveLength(all.length);
    expect(body.has_other_phones).toBe(false);
  });

  it('answers 400 for a malformed place id', async () => {
    for (const query of ['city_id=abc', 'city_id=2147483648']) {
      const response = await shared.get(`/spa/contacts?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(expectContractError(response, 'getContacts').errors).toHaveProperty('city_id');
    }
  });
});
