/**
 * A hidden organizer's tours are not active favourites (`active_only=1`): the saved list a
 * signed-in page reads holds the tours a traveller can use (`publicTour`, decision 194). They stay
 * saved, and come back when the organizer is shown again. On a scratch database, so that hiding
 * an organizer touches no other test file's catalogue.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizers, tours } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { contractCaller } from '#src/testing/call.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';
import { signUp } from '#src/testing/sign-up.ts';

const scratch = scratchAppForFile('favourites_hidden_organizer');
const call = contractCaller(scratch.app);

/** A tour with a page, of an organizer other than `except`. */
async function publicTourOf({ except }: { except?: number } = {}) {
  const [tour] = await scratch
    .db()
    .select({ id: tours.id, organizerId: tours.organizerId })
    .from(tours)
    .where(and(publicTour(), except === undefined ? undefined : ne(tours.organizerId, except)))
    .orderBy(asc(tours.id))
    .limit(1);
  return { id: tour!.id, organizerId: tour!.organizerId! };
}

const setOrganizerShown = (id: number, shown: boolean) =>
  scratch.db().update(organizers).set({ isPublishedOnSite: shown }).where(eq(organizers.id, id));

describe("a hidden organizer's tours in favourites", () => {
  it('leave the active list while hidden, stay saved, and come back when shown', async () => {
    const hidden = await publicTourOf();
    const other = await publicTourOf({ except: hidden.organizerId });
    const { token } = await signUp(scratch.app());
    for (const tourId of [hidden.id, other.id]) {
      const added = await call('addFavouriteTour', 'POST', '/crm/api/favourite-tour/create', {
        payload: { tour_id: tourId },
        token,
      });
      expect(added.body).toEqual({ result: true });
    }
    const list = async (query: string) =>
      (await call('listFavouriteTours', 'GET', `/crm/api/user/favourite-tours${query}`, { token }))
        .body.ids as number[];

    expect(await list('?active_only=1')).toEqual([hidden.id, other.id]);
    try {
      await setOrganizerShown(hidden.organizerId, false);
      expect(await list('?active_only=1')).toEqual([other.id]);
      // Still saved: the whole list keeps it.
      expect(await list('')).toEqual([hidden.id, other.id]);
    } finally {
      await setOrganizerShown(hidden.organizerId, true);
    }
    expect(await list('?active_only=1')).toEqual([hidden.id, other.id]);
  }, 120_000);
});
