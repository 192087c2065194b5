/**
 * Unfollowing a tour from the link of its e-mails (decision 058, "Later"). The link carries a
 * signed token naming the subscription group the notices go to, the tour and the lower-cased
 * address; it does not expire, so an old e-mail's link still works. The web page behind the link
 * reads what it is about first and unfollows only on a click, so a mail scanner that opens the
 * link changes nothing.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tourProgramRequests, tours } from '#src/db/schema/index.ts';
import { notFound, unprocessable } from '#src/http/http-error.ts';
import { signToken, verifyToken } from '#src/modules/sessions/index.ts';

/** What the token is for, so a token signed for something else never unfollows. */
const USE = 'unfollow';

export interface Following {
  tourId: number;
  email: string;
}

export function unfollowToken(secret: string, { tourId, email }: Following): string {
  return signToken(secret, { use: USE, tour: tourId, email: email.toLowerCase() });
}

/** The tour and address of a token this secret signed, or undefined. */
export function readUnfollowToken(secret: string, token: string): Following | undefined {
  const payload = verifyToken(secret, token);
  const { use, tour, email } = payload ?? {};
  if (use !== USE || typeof email !== 'string' || email === '') return undefined;
  if (typeof tour !== 'number' || !Number.isSafeInteger(tour) || tour < 1) return undefined;
  return { tourId: tour, email };
}

/** The web page of the link: `/unfollow?token=…` on the public site. */
export function unfollowUrl(publicUrl: string, token: string): string {
  const url = new URL('/unfollow', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The subscriptions of the tour and address (in any letter case). */
const subscriptionsOf = ({ tourId, email }: Following) =>
  and(
    eq(tourProgramRequests.channel, 'subscription'),
    eq(tourProgramRequests.tourId, tourId),
    sql`lower(${tourProgramRequests.email}) = ${email.toLowerCase()}`,
  );

/** Whether the address still hears about the tour's new dates. */
export async function isFollowing(db: Database, following: Following): Promise<boolean> {
  const [row] = await db
    .select({ id: tourProgramRequests.id })
    .from(tourProgramRequests)
    .where(and(subscriptionsOf(following), isNull(tourProgramRequests.unsubscribedAt)))
    .limit(1);
  return row !== undefined;
}

/** Stops the notices: marks every subscription of the tour and address (once). */
export async function unfollow(db: Database, following: Following, now = new Date()) {
  await db
    .update(tourProgramRequests)
    .set({ unsubscribedAt: now })
    .where(and(subscriptionsOf(following), isNull(tourProgramRequests.unsubscribedAt)));
}

/** The transaction handle `db.transaction` passes to its callback. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Following the tour again turns its notices back on for the address. */
export async function refollow(db: Database | Transaction, following: Following) {
  await db
    .update(tourProgramRequests)
    .set({ unsubscribedAt: null })
    .where(and(subscriptionsOf(following), sql`${tourProgramRequests.unsubscribedAt} is not null`));
}

/**
 * The tour and address of an unfollow link, as `readUnfollowToken` read its token (once a request:
 * the handler's rate limit is keyed on the same reading), with the tour; 422 for a forged one.
 */
export async function openUnfollowLink(db: Database, following: Following | undefined) {
  if (!following) {
    throw unprocessable('This unfollow link is not valid', {
      token: ['The link is incomplete or was not sent by Gallop'],
    });
  }
  const [tour] = await db
    .select({ id: tours.id, name: tours.name, slug: tours.slug })
    .from(tours)
    .where(eq(tours.id, following.tourId))
    .limit(1);
  if (!tour) throw notFound('Tour not found');
  return { following, tour };
}
