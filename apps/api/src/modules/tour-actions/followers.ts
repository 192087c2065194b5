/**
 * Followers of a tour hear about its new dates (decision 058). A visitor who subscribes to a
 * tour's programme (`/spa/subscribe-tour-program`, the web's "Follow this tour") is told by e-mail
 * when the tour gets a bookable date it did not have when they subscribed or were last told:
 * each subscription keeps the newest date id its follower has heard of (`seenDateId`). One notice
 * goes to an address per tour however often it subscribed. Several API processes may run this
 * together: each notice is won by one conditional UPDATE, as the booking expiry does. Each notice
 * ends with a link that unfollows the tour (`unfollow.ts`); unfollowed subscriptions are skipped.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { outbox, tourProgramRequests } from '#src/db/schema/index.ts';
import { bookableDate, publicTour, queryRows } from '#src/modules/catalog/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { followerFooter, tourUrl } from './messages.ts';
import { unfollowToken, unfollowUrl } from './unfollow.ts';
import { startRounds } from '#src/shared/rounds.ts';

/** How often new dates are looked for. */
const FOLLOWER_NOTICE_INTERVAL_MS = 10 * 60_000;
/** New dates listed in one notice (the tour page has the rest). */
const LISTED_DATES = 5;

export interface NoticeOptions {
  publicUrl: string;
  /** Signs the unfollow links (FOLLOWER_SECRET, else the database's generated one). */
  secret: string;
  now?: Date;
}

/** The tour's newest date id (0 without dates): what a new subscription has heard of. */
export async function newestDateId(db: Database, tourId: number): Promise<number> {
  const [row] = await queryRows<{ newest: number | null }>(
    db,
    sql`select max(id) as newest from tour_dates where tour_id = ${tourId}`,
  );
  return row?.newest ?? 0;
}

interface DueNotice {
  tourId: number;
  email: string;
  seen: number;
  name: string;
  slug: string;
}

interface NewDate {
  id: number;
  startDate: string;
  endDate: string;
  price: number;
  currency: string;
}

/** Sends the notices that are due; answers how many were sent. */
export async function noticeNewDates(db: Database, options: NoticeOptions): Promise<number> {
  const now = options.now ?? new Date();
  const today = todayIso(now);
  // Per public tour and address, the newest date heard of, when a later date is bookable. A tour
  // without a page (unpublished, or its organizer hidden) sends none: its link would be a 404.
  const due = await queryRows<DueNotice>(
    db,
    sql`select requests.tour_id as "tourId", lower(requests.email) as email,
        max(coalesce(requests.seen_date_id, 0))::int as seen, tours.name, tours.slug
      from tour_program_requests requests
      join tours on tours.id = requests.tour_id and ${publicTour()}
      where requests.channel = 'subscription' and requests.email is not null
        and requests.unsubscribed_at is null
      group by requests.tour_id, lower(requests.email), tours.name, tours.slug
      having exists (
        select 1 from tour_dates where tour_dates.tour_id = requests.tour_id
          and tour_dates.id > max(coalesce(requests.seen_date_id, 0)) and ${bookableDate(today)}
      )
      order by requests.tour_id, lower(requests.email)
      limit 500`,
  );
  let sent = 0;
  for (const notice of due) {
    // The 64-bit price as a float8: node-postgres answers a bigint as text (exact below 2^53).
    const dates = await queryRows<NewDate>(
      db,
      sql`select id, start_date::text as "startDate", end_date::text as "endDate",
          price::float8 as price, currency
        from tour_dates
        where tour_id = ${notice.tourId} and id > ${notice.seen} and ${bookableDate(today)}
        order by start_date, id`,
    );
    if (dates.length === 0) continue;
    const newest = Math.max(notice.seen, await newestDateId(db, notice.tourId));
    const done = await db.transaction(async (tx) => {
      // Wins the notice: another process that read the same row finds it already told.
      const told = await tx
        .update(tourProgramRequests)
        .set({ seenDateId: newest, notifiedAt: now })
        .where(
          and(
            eq(tourProgramRequests.channel, 'subscription'),
            eq(tourProgramRequests.tourId, notice.tourId),
            sql`lower(${tourProgramRequests.email}) = ${notice.email}`,
            sql`coalesce(${tourProgramRequests.seenDateId}, 0) < ${newest}`,
            // Unfollowed since it was read: no notice.
            isNull(tourProgramRequests.unsubscribedAt),
          ),
        )
        .returning({ id: tourProgramRequests.id });
      if (told.length === 0) return false;
      // In the payload too: the SMTP transport sends it as List-Unsubscribe (decision 060).
      const unsubscribeUrl = unfollowUrl(options.publicUrl, unfollowToken(options.secret, notice));
      await tx.insert(outbox).values({
        kind: 'tour-new-dates',
        channel: 'email',
        recipient: notice.email,
        ...newDatesMessage(notice, dates, {
          publicUrl: options.publicUrl,
          unfollowUrl: unsubscribeUrl,
        }),
        payload: {
          tourId: notice.tourId,
          dateIds: dates.map((date) => date.id),
          unsubscribeUrl,
        },
      });
      return true;
    });
    if (done) sent += 1;
  }
  return sent;
}

/** An amount in its currency ("€1,250.00"); an unknown code is written after the number. */
function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return `${new Intl.NumberFormat('en-GB').format(amount)} ${currency}`;
  }
}

/** A date as "12 Mar 2027 – 18 Mar 2027, €1,250.00" (prices are stored in minor units). */
function dateLine(date: NewDate): string {
  const day = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  return `${day(date.startDate)} – ${day(date.endDate)}, ${money(date.price / 100, date.currency)}`;
}

export function newDatesMessage(
  tour: { name: string; slug: string },
  dates: readonly NewDate[],
  links: { publicUrl: string; unfollowUrl: string },
): { subject: string; body: string } {
  const listed = dates.slice(0, LISTED_DATES).map((date) => `- ${dateLine(date)}`);
  const more = dates.length - listed.length;
  return {
    subject: `${tour.name}: new dates are open`,
    body: [
      `New dates are open for ${tour.name}, the tour you follow on Gallop:`,
      '',
      ...listed,
      ...(more > 0 ? [`and ${more} more`] : []),
      '',
      `Dates, prices and booking: ${tourUrl(links.publicUrl, tour.slug)}`,
      '',
      ...followerFooter(links.unfollowUrl),
    ].join('\n'),
  };
}

/** Runs `noticeNewDates` every `intervalMs`; answers a stop function. */
export function startFollowerNotices(
  db: Database,
  options: NoticeOptions & { intervalMs?: number; onError: (error: unknown) => void },
): () => Promise<void> {
  return startRounds(() => noticeNewDates(db, options), {
    intervalMs: options.intervalMs ?? FOLLOWER_NOTICE_INTERVAL_MS,
    onError: options.onError,
  });
}
