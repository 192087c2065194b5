/**
 * The language picker's "with tours" (`only_with_published_tours=1`) counts the tours a traveller
 * can open (`publicTour`, decision 194): a language only a hidden organizer's tours speak is not
 * offered. On a scratch database, so that hiding an organizer and changing a tour's languages
 * touch no other test file's catalogue.
 */
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { languages, organizers, tours } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { contractCaller } from '#src/testing/call.ts';
import { scratchAppForFile } from '#src/testing/scratch-database.ts';

const scratch = scratchAppForFile('picker_hidden_organizer');
const call = contractCaller(scratch.app);

const setOrganizerShown = (id: number, shown: boolean) =>
  scratch.db().update(organizers).set({ isPublishedOnSite: shown }).where(eq(organizers.id, id));

/** A language no tour with a page speaks (a new one when every language is spoken). */
async function unspokenLanguage(): Promise<string> {
  const db = scratch.db();
  const [row] = await db
    .select({ code: languages.code })
    .from(languages)
    .where(
      notExists(
        db
          .select({ id: tours.id })
          .from(tours)
          .where(and(publicTour(), sql`${tours.languageCodes} @> array[${languages.code}]`)),
      ),
    )
    .orderBy(asc(languages.code))
    .limit(1);
  if (row) return row.code;
  await db.insert(languages).values({ code: 'zz', name: 'Zzish' });
  return 'zz';
}

const languagesWithTours = async () =>
  (
    await call(
      'listLanguageOptions',
      'GET',
      '/crm/api/dropdown/language?only_with_published_tours=1',
    )
  ).body.items.map((item: { code: string }) => item.code) as string[];

describe("the language picker's languages with tours", () => {
  it('leaves out a language only a hidden organizer’s tour speaks, until it is shown again', async () => {
    const db = scratch.db();
    const [tour] = await db
      .select({ id: tours.id, organizerId: tours.organizerId, codes: tours.languageCodes })
      .from(tours)
      .where(publicTour())
      .orderBy(asc(tours.id))
      .limit(1);
    const code = await unspokenLanguage();
    expect(await languagesWithTours()).not.toContain(code);
    await db
      .update(tours)
      .set({ languageCodes: [...tour!.codes, code] })
      .where(eq(tours.id, tour!.id));
    try {
      expect(await languagesWithTours()).toContain(code);
      await setOrganizerShown(tour!.organizerId!, false);
      expect(await languagesWithTours()).not.toContain(code);
      await setOrganizerShown(tour!.organizerId!, true);
      expect(await languagesWithTours()).toContain(code);
    } finally {
      await setOrganizerShown(tour!.organizerId!, true);
      await db.update(tours).set({ languageCodes: tour!.codes }).where(eq(tours.id, tour!.id));
    }
  }, 120_000);
});
