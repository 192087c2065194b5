import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { countries, organizers, tours, users } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';
import { signUp } from '#src/testing/sign-up.ts';

// Horse welfare (decision 114): the organizer's statement, a tour's overrides, and the writes.
let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);

const statement = {
  rest_days_per_week: 2,
  max_work_hours_per_day: 6.5,
  turnout: 'herd_pasture',
  vet_on_call: true,
  vet_check_weeks: 8,
  farrier_weeks: 6,
  farrier_on_call: false,
  weight_policy: '  We weigh riders on the first morning.  ',
  retirement: 'kept_for_life',
  retirement_note: null,
} as const;

async function newOrganizer() {
  const { token, email } = await signUp(testApp.app, {
    email: `welfare-${randomUUID()}@example.com`,
    firstName: 'Aino',
    lastName: 'Virtanen',
  });
  // Starting an organizer needs a confirmed contact (decision 157), as the e-mailed link gives.
  await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
  const [country] = await db.select().from(countries).limit(1);
  const created = await call('createOrganizer', 'POST', '/crm/api/organizer/create', {
    token,
    payload: { name: 'Herd Keepers', type: 'organization', country_id: country!.id },
  });
  expect(created.status).toBe(200);
  return { token, id: created.body.id };
}

const update = (token: string, id: number, welfare: unknown) =>
  call('updateOrganizer', 'POST', `/crm/api/organizer/update?id=${id}`, {
    token,
    payload: { name: 'Herd Keepers', type: 'organization', horse_welfare: welfare } as never,
  });

describe('the organizer states its horse welfare', () => {
  it('starts not stated, is stated and withdrawn through update', async () => {
    const { token, id } = await newOrganizer();
    const view = () => call('viewOrganizer', 'GET', `/crm/api/organizer/view?id=${id}`, { token });
    expect((await view()).body.horse_welfare).toBeNull();

    const stated = await update(token, id, statement);
    expect(stated.status).toBe(200);
    expect(stated.body.horse_welfare).toEqual({
      rest_days_per_week: 2,
      max_work_hours_per_day: 6.5,
      turnout: 'herd_pasture',
      vet: { on_call: true, check_weeks: 8 },
      farrier: { on_call: false, every_weeks: 6 },
      weight_policy: {
        text: 'We weigh riders on the first morning.',
        max_rider_weight_kg: null,
        heavy_rider_weight_kg: null,
      },
      retirement: { kind: 'kept_for_life', note: null },
      tour_overrides: [],
    });
    // An update without the field keeps the statement.
    const kept = await call('updateOrganizer', 'POST', `/crm/api/organizer/update?id=${id}`, {
      token,
      payload: { name: 'Herd Keepers', type: 'organization' },
    });
    expect(kept.body.horse_welfare?.rest_days_per_week).toBe(2);

    const withdrawn = await update(token, id, null);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.horse_welfare).toBeNull();
  });

  it.each([
    ['rest days above 7', { rest_days_per_week: 8 }],
    ['negative rest days', { rest_days_per_week: -1 }],
    ['no working hours', { max_work_hours_per_day: 0 }],
    ['over 12 working hours', { max_work_hours_per_day: 13 }],
    ['an unknown turnout', { turnout: 'field' }],
    ['an unknown retirement', { retirement: 'slaughter' }],
    ['a vet check every 0 weeks', { vet_check_weeks: 0 }],
    ['an unknown field', { shoes: 'none' }],
  ])('refuses %s with a 400 and a message', async (_, change) => {
    const { token, id } = await newOrganizer();
    const answer = await update(token, id, { ...statement, ...change });
    expect(answer.status).toBe(400);
    expect(typeof (answer.body as { message?: unknown }).message).toBe('string');
    const [row] = await db.select().from(organizers).where(eq(organizers.id, id));
    expect(row!.welfareTurnout).toBeNull();
  });

  it('refuses a farrier neither on a schedule nor on call with a 422', async () => {
    const { token, id } = await newOrganizer();
    const answer = await update(token, id, {
      ...statement,
      farrier_weeks: null,
      farrier_on_call: false,
    });
    expect(answer.status).toBe(422);
    expect((answer.body as { message: string }).message).toMatch(/farrier/);
  });

  it('the database refuses a half statement and out-of-range values too', async () => {
    const [row] = await db
      .select({ id: organizers.id })
      .from(organizers)
      .where(isNotNull(organizers.welfareTurnout))
      .limit(1);
    await expect(
      db.update(organizers).set({ welfareTurnout: null }).where(eq(organizers.id, row!.id)),
    ).rejects.toThrow();
    await expect(
      db.update(organizers).set({ welfareRestDaysPerWeek: 8 }).where(eq(organizers.id, row!.id)),
    ).rejects.toThrow();
    const [tour] = await db.select({ id: tours.id }).from(tours).limit(1);
    await expect(
      db.update(tours).set({ welfareMaxWorkHours: 0.5 }).where(eq(tours.id, tour!.id)),
    ).rejects.toThrow();
  });
});

describe('the tour answer carries horse_welfare', () => {
  it('is the organizer’s statement with the tour’s overrides and weight limits', async () => {
    const [overriding] = await db
      .select()
      .from(tours)
      .where(and(publicTour(), isNotNull(tours.welfareRestDaysPerWeek)))
      .orderBy(asc(tours.id))
      .limit(1);
    expect(overriding, 'a demo tour overrides its rest days').toBeDefined();
    const [organizer] = await db
      .select()
      .from(organizers)
      .where(eq(organizers.id, overriding!.organizerId));
    const answer = await call('getTour', 'GET', `/spa/tour?slug=${overriding!.slug}`);
    expect(answer.status).toBe(200);
    const welfare = answer.body.horse_welfare!;
    expect(welfare.rest_days_per_week).toBe(overriding!.welfareRestDaysPerWeek);
    expect(welfare.rest_days_per_week).not.toBe(organizer!.welfareRestDaysPerWeek);
    expect(welfare.tour_overrides).toContain('rest_days_per_week');
    expect(welfare.turnout).toBe(organizer!.welfareTurnout);
    expect(welfare.retirement.kind).toBe(organizer!.welfareRetirement);
    expect(welfare.weight_policy.max_rider_weight_kg).toBe(overriding!.maxRiderWeightKg);
    expect(welfare.weight_policy.heavy_rider_weight_kg).toBe(overriding!.heavyRiderWeightKg);
    // The horses work at least as long as the tour's longest riding day.
    expect(welfare.max_work_hours_per_day).toBeGreaterThanOrEqual(overriding!.hoursLongestDay);

    const profile = await call(
      'getOrganizerPublicInfo',
      'GET',
      `/crm/api/organizer/public-info?id=${organizer!.id}`,
    );
    expect(profile.body.horse_welfare?.rest_days_per_week).toBe(organizer!.welfareRestDaysPerWeek);
    expect(profile.body.horse_welfare?.tour_overrides).toEqual([]);
  });

  it('is null when the organizer has not stated it, whatever the tour says', async () => {
    const [tour] = await db
      .select()
      .from(tours)
      .where(and(publicTour(), isNotNull(tours.welfareRestDaysPerWeek)))
      .orderBy(desc(tours.id))
      .limit(1);
    const [before] = await db.select().from(organizers).where(eq(organizers.id, tour!.organizerId));
    const cleared = {
      welfareRestDaysPerWeek: null,
      welfareMaxWorkHours: null,
      welfareTurnout: null,
      welfareVetOnCall: null,
      welfareFarrierOnCall: null,
      welfareRetirement: null,
    };
    await db.update(organizers).set(cleared).where(eq(organizers.id, before!.id));
    try {
      const answer = await call('getTour', 'GET', `/spa/tour?slug=${tour!.slug}`);
      expect(answer.status).toBe(200);
      expect(answer.body.horse_welfare).toBeNull();
    } finally {
      await db.update(organizers).set(before!).where(eq(organizers.id, before!.id));
    }
  });
});
