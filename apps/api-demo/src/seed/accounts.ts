/**
 * The demo traveller account, so the local product can be tried signed in at once:
 * `traveller@gallop.test`, password `gallop-demo-1` (README). Only demo and test databases are
 * seeded; a production database starts without accounts.
 */
import { asc, eq } from 'drizzle-orm';
import { countries, tours, userFavouriteTours, users } from '@gallop/api/src/db/schema/index.ts';
import { hashPassword } from '@gallop/api/src/modules/accounts/index.ts';
import type { SeedContext } from './context.ts';

export const DEMO_TRAVELLER = {
  email: 'traveller@gallop.test',
  password: 'gallop-demo-1',
  firstName: 'Alex',
  lastName: 'Morgan',
} as const;

export async function seedAccounts(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const [us] = await db.select().from(countries).where(eq(countries.isoCode, 'US')).limit(1);
  const [traveller] = await db
    .insert(users)
    .values({
      email: DEMO_TRAVELLER.email,
      emailConfirmedAt: new Date(`${ctx.today}T00:00:00Z`),
      firstName: DEMO_TRAVELLER.firstName,
      lastName: DEMO_TRAVELLER.lastName,
      passwordHash: await hashPassword(DEMO_TRAVELLER.password),
      countryId: us?.id ?? null,
      timezone: 'America/New_York',
    })
    .returning({ id: users.id });
  // Two hearts already there, so the favourites page shows the sync after signing in.
  const picks = await db
    .select({ id: tours.id })
    .from(tours)
    .where(eq(tours.isPublished, true))
    .orderBy(asc(tours.id))
    .limit(2);
  if (picks.length > 0) {
    await db
      .insert(userFavouriteTours)
      .values(picks.map(({ id }) => ({ userId: traveller!.id, tourId: id })));
  }
  ctx.log('seeded the demo traveller account');
}
