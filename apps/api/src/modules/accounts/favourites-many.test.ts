/**
 * More favourites than one `get-by-ids` call takes. An account keeps them all, up to its cap of
 * 200 (`favourites-cap.test.ts`), and lists them all, while `get-by-ids` takes at most 100 ids
 * (openapi/paths/catalog.yaml, `maxItems: 100`): a client asks for their cards 100 ids a call
 * (the web's favourites page, `features/favourites/api.ts`). Writes only a new account's list, so
 * the shared catalogue serves.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tours, userFavouriteTours, users } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { useTestApp } from '#src/modules/content/testing.ts';
import { contractCaller } from '#src/testing/call.ts';
import { signUp } from '#src/testing/sign-up.ts';

const shared = useTestApp();
const call = contractCaller(() => shared.testApp.app);
const byIds = (ids: readonly number[]) =>
  call(
    'getToursByIds',
    'GET',
    `/crm/api/tour/get-by-ids?${ids.map((id) => `ids=${id}`).join('&')}`,
  );

describe('favourites beyond 100', () => {
  it('are all listed, and their cards come 100 ids a call (more is a 400)', async () => {
    const { db } = shared;
    const { email, token } = await signUp(shared.testApp.app);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const saved = (
      await db
        .select({ id: tours.id })
        .from(tours)
        .where(publicTour())
        .orderBy(asc(tours.id))
        .limit(150)
    ).map((row) => row.id);
    expect(saved.length).toBeGreaterThan(100);
    const start = Date.parse('2026-01-01T00:00:00Z');
    await db.insert(userFavouriteTours).values(
      saved.map((tourId, index) => ({
        userId: user!.id,
        tourId,
        createdAt: new Date(start + index * 1000),
      })),
    );

    const listed = await call(
      'listFavouriteTours',
      'GET',
      '/crm/api/user/favourite-tours?active_only=1',
      {
        token,
      },
    );
    expect(listed.body.ids).toEqual(saved);

    // All at once: refused, as the contract says.
    const atOnce = await byIds(saved);
    expect(atOnce.status).toBe(400);
    expect(atOnce.body).toEqual({
      message: 'Invalid query parameters',
      errors: { ids: ['must NOT have more than 100 items'] },
    });
    // 100 ids a call: every card.
    const first = await byIds(saved.slice(0, 100));
    const rest = await byIds(saved.slice(100));
    expect([first.status, rest.status]).toEqual([200, 200]);
    expect([...first.body.items, ...rest.body.items].map((tour) => tour.id)).toEqual(saved);
  }, 60_000);
});
