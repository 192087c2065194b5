/**
 * The cap on an account's favourites (decision 201): a heart past
 * `MAX_FAVOURITE_TOURS` is a 422 with words a traveller reads, counted under the account's row
 * lock so that adds at once never pass it (on PostgreSQL, `api-postgres`, the calls overlap over a
 * pool of connections), and a sign-in's merge fills the room left without an error. Writes only
 * new accounts' lists, so the shared catalogue serves.
 */
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadContract } from '#src/contract.ts';
import { tours, userFavouriteTours } from '#src/db/schema/index.ts';
import { useTestApp } from '#src/modules/content/testing.ts';
import { contractCaller } from '#src/testing/call.ts';
import { signedUser } from '#src/testing/signed-user.ts';
import { MAX_FAVOURITE_TOURS, mergeFavourites } from './favourites.ts';

const shared = useTestApp();
const call = contractCaller(() => shared.testApp.app);

const FULL = { message: 'You can keep up to 200 favourites. Remove one to add another.' };

/** The first `n` tour ids of the catalogue. */
async function tourIds(n: number): Promise<number[]> {
  const rows = await shared.db.select({ id: tours.id }).from(tours).orderBy(asc(tours.id)).limit(n);
  expect(rows.length).toBe(n);
  return rows.map((row) => row.id);
}

/** A new signed-in account already keeping `tourIds` (straight in the database). */
async function accountWith(tourIds: readonly number[]) {
  const user = await signedUser(shared.db);
  if (tourIds.length > 0) {
    await shared.db
      .insert(userFavouriteTours)
      .values(tourIds.map((tourId) => ({ userId: user.userId, tourId })));
  }
  return user;
}

const kept = async (userId: number) =>
  (
    await shared.db
      .select({ id: userFavouriteTours.tourId })
      .from(userFavouriteTours)
      .where(eq(userFavouriteTours.userId, userId))
  ).map((row) => row.id);

const keptCount = async (userId: number) =>
  (
    await shared.db
      .select({ n: count() })
      .from(userFavouriteTours)
      .where(eq(userFavouriteTours.userId, userId))
  )[0]!.n;

const add = (token: string, tourId: number) =>
  call('addFavouriteTour', 'POST', '/crm/api/favourite-tour/create', {
    token,
    payload: { tour_id: tourId },
  });

describe('the cap on favourites', () => {
  it('is the 200 the contract states', () => {
    expect(MAX_FAVOURITE_TOURS).toBe(200);
    const create = loadContract().paths['/crm/api/favourite-tour/create']!['post'] as {
      responses: Record<string, { description: string }>;
    };
    expect(create.responses['422']!.description).toContain(FULL.message);
  });

  it('refuses a heart past it with a 422 that says so; a saved tour and a freed place still work', async () => {
    const ids = await tourIds(MAX_FAVOURITE_TOURS + 2);
    const { userId, token } = await accountWith(ids.slice(0, MAX_FAVOURITE_TOURS - 1));

    expect(await add(token, ids[MAX_FAVOURITE_TOURS - 1]!)).toEqual({
      status: 200,
      body: { result: true },
    });
    expect(await add(token, ids[MAX_FAVOURITE_TOURS]!)).toEqual({ status: 422, body: FULL });
    expect(await keptCount(userId)).toBe(MAX_FAVOURITE_TOURS);

    // Saving a saved tour again changes nothing and is no error, on a full list too.
    expect((await add(token, ids[0]!)).status).toBe(200);

    const removed = await call('removeFavouriteTour', 'POST', '/crm/api/favourite-tour/delete', {
      token,
      payload: { tour_id: ids[0] },
    });
    expect(removed.status).toBe(200);
    expect((await add(token, ids[MAX_FAVOURITE_TOURS + 1]!)).status).toBe(200);
    expect(await keptCount(userId)).toBe(MAX_FAVOURITE_TOURS);
  });

  it('is never passed by sign-in merges and adds at once', async () => {
    const racers = 30;
    const merges = 10;
    const ids = await tourIds(MAX_FAVOURITE_TOURS - 5 + racers + merges * 10);
    const own = ids.slice(0, MAX_FAVOURITE_TOURS - 5);
    const hearts = ids.slice(own.length, own.length + racers);
    const guests = Array.from({ length: merges }, (_, n) =>
      ids.slice(own.length + racers + n * 10, own.length + racers + (n + 1) * 10),
    );
    const { userId, token } = await accountWith(own);

    const [answers] = await Promise.all([
      Promise.all(hearts.map((tourId) => add(token, tourId))),
      // Sign-ins in several tabs at once, each with the guest list it read.
      ...guests.map((guest) => mergeFavourites(shared.db, userId, guest)),
    ]);

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 422)).toEqual([]);
    for (const answer of answers) if (answer.status === 422) expect(answer.body).toEqual(FULL);
    expect(await keptCount(userId)).toBe(MAX_FAVOURITE_TOURS);
    const saved = await kept(userId);
    expect(statuses.filter((status) => status === 200).length).toBe(
      hearts.filter((id) => saved.includes(id)).length,
    );
  }, 60_000);

  it('is never passed by many adds at once', async () => {
    const racers = 40;
    const ids = await tourIds(MAX_FAVOURITE_TOURS - 3 + racers);
    const { userId, token } = await accountWith(ids.slice(0, MAX_FAVOURITE_TOURS - 3));

    const answers = await Promise.all(
      ids.slice(MAX_FAVOURITE_TOURS - 3).map((tourId) => add(token, tourId)),
    );

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(racers - 3);
    expect(await keptCount(userId)).toBe(MAX_FAVOURITE_TOURS);
  }, 60_000);
});

describe('a sign-in merge of guest favourites', () => {
  it("keeps the account's own, then the guest's newest that fit", async () => {
    const ids = await tourIds(MAX_FAVOURITE_TOURS + 20);
    const own = ids.slice(0, MAX_FAVOURITE_TOURS - 10);
    const { userId } = await accountWith(own);
    // Most recently added last; one the account has, one that is no tour.
    const guest = [own[0]!, ...ids.slice(own.length), 2_147_483_000];

    await mergeFavourites(shared.db, userId, guest);

    expect((await kept(userId)).sort((a, b) => a - b)).toEqual(
      [...own, ...ids.slice(MAX_FAVOURITE_TOURS + 10)].sort((a, b) => a - b),
    );
  });

  it('never errors on a full account, and leaves a longer list of before as it was', async () => {
    const ids = await tourIds(MAX_FAVOURITE_TOURS + 10);
    const full = await accountWith(ids.slice(0, MAX_FAVOURITE_TOURS));
    await expect(mergeFavourites(shared.db, full.userId, ids.slice(-5))).resolves.toBeUndefined();
    expect(await keptCount(full.userId)).toBe(MAX_FAVOURITE_TOURS);

    // Saved before the cap: nothing is taken away, and no heart is added until below it.
    const longer = await accountWith(ids.slice(0, MAX_FAVOURITE_TOURS + 5));
    await mergeFavourites(shared.db, longer.userId, ids.slice(-5));
    expect(await add(longer.token, ids.at(-1)!)).toEqual({ status: 422, body: FULL });
    expect(await keptCount(longer.userId)).toBe(MAX_FAVOURITE_TOURS + 5);
  });
});
