/**
 * Bookings made signed out (decisions: "Guest bookings"; decision 089). Such a booking belongs to
 * no account until its contact e-mail is proven: signing in with a one-time code sent to that
 * address, or opening the e-mail confirmation link, proves it and the address's bookings join
 * the account. Until then the booking holds its seats for a short time only.
 *
 * An account opened with a password signs in before its e-mail is confirmed: until it proves its
 * e-mail or its phone, its unpaid holds count as unproven too, under its e-mail's mailbox
 * (decision 146), so unconfirmed accounts hold no more of a date than guests may.
 */
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, tourDates, users } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import { ACTIVE_STATUSES } from '@gallop/booking-rules';
import { normalizeEmail, normalizePhone } from '#src/modules/sessions/index.ts';
import { retryOnDeadlock } from './deadlocks.ts';
import { mailboxOf } from './mailbox.ts';
import { tellEveryone } from './notices.ts';
import { holdEndsAt, STATUS } from './records.ts';
import { guaranteeIfReached, type Transaction } from './transitions.ts';

/**
 * A booking made signed out holds its seats this long until its e-mail is proven, and one
 * unproven mailbox holds at most this many seats (decision 089).
 */
export const GUEST_HOLD_MINUTES = 30;
const GUEST_MAX_SEATS = 6;
/** The percent of a date's seats unproven guests may hold together (`GUEST_DATE_SHARE`). */
export const DEFAULT_GUEST_DATE_SHARE = 50;

/** "Ann Rider" -> first and last name for an account opened from a booking contact. */
function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || null };
}

/**
 * The account a booking belongs to: the signed-in traveller's; none for a guest (it joins the
 * contact's account once the address is proven). A guest's unknown address gets an account
 * to sign in to with a code; a known one is left as it is.
 */
export async function bookingUser(
  tx: Transaction,
  signedUserId: number | undefined,
  contact: { name: string; email: string; phone: string },
): Promise<number | null> {
  if (signedUserId !== undefined) return signedUserId;
  const email = normalizeEmail(contact.email);
  const [known] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (known) return null;
  const phone = normalizePhone(contact.phone);
  const [phoneTaken] = phone
    ? await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1)
    : [];
  const account = { ...splitName(contact.name), email };
  const created = await tx
    .insert(users)
    .values({ ...account, phone: phoneTaken ? null : (phone ?? null) })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another booking with the same phone created its account since the check (a family booking
  // from one phone at once): this address still gets one, without the phone. A conflict on the
  // address itself (the same guest twice at once) leaves the other's account.
  if (created.length === 0 && phone && !phoneTaken) {
    await tx
      .insert(users)
      .values({ ...account, phone: null })
      .onConflictDoNothing();
  }
  return null;
}

/** What an unproven guest holds: seats and the non-rider beds beside them. */
const heldByGuests = {
  seats: sql<number>`coalesce(sum(${bookingRequests.seats}), 0)`.mapWith(Number),
  nonRiders: sql<number>`coalesce(sum(${bookingRequests.nonRiders}), 0)`.mapWith(Number),
};

/** The statuses in which a booking holds places unpaid: awaiting the organizer, or payment. */
const UNPAID_HOLDS: readonly number[] = [STATUS.pendingConfirm, STATUS.pendingPrepayment];

export const isUnpaidHold = (status: number) => UNPAID_HOLDS.includes(status);

/**
 * Bookings still holding places unpaid whose holder is unproven: a guest, or an account that
 * proved neither its e-mail nor its phone. Read over bookings left-joined to their `users`.
 */
const unproven = () =>
  and(
    inArray(bookingRequests.status, [...UNPAID_HOLDS]),
    or(
      isNull(bookingRequests.userId),
      and(isNull(users.emailConfirmedAt), isNull(users.phoneConfirmedAt)),
    ),
  );

/** The address an unproven hold counts under: the account's e-mail, a guest's contact. */
const holderAddress = sql<string>`coalesce(${users.email}, ${bookingRequests.contactEmail})`;

/** How a booking's holder stands: what caps its holds, and whether its contact is proven. */
export interface HolderStanding {
  /**
   * The address whose unproven holds it counts among: a guest's contact e-mail, the e-mail of an
   * account that has proven neither its e-mail nor its phone (the contact's if it has none);
   * undefined for a proven account, which is not limited.
   */
  unprovenAs: string | undefined;
  /**
   * `contactEmail` is the account's confirmed address: only then does a booking's mail greet its
   * contact by the name typed with it (docs/security.md: anyone can type a name and another
   * person's address).
   */
  contactProven: boolean;
}

/** The standing of a booking by `userId` with `contactEmail` (`HolderStanding`), in one read. */
export async function holderStanding(
  tx: Transaction,
  userId: number | null,
  contactEmail: string,
): Promise<HolderStanding> {
  if (userId === null) return { unprovenAs: contactEmail, contactProven: false };
  const [user] = await tx
    .select({
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      phoneConfirmedAt: users.phoneConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return { unprovenAs: undefined, contactProven: false };
  const proven = user.emailConfirmedAt !== null || user.phoneConfirmedAt !== null;
  return {
    unprovenAs: proven ? undefined : (user.email ?? contactEmail),
    contactProven:
      user.emailConfirmedAt !== null &&
      user.email !== null &&
      normalizeEmail(user.email) === normalizeEmail(contactEmail),
  };
}

/**
 * Takes the lock of `email`'s mailbox until the transaction ends: bookings and rider changes of
 * one mailbox count its holds one after the other. Taken before the date's row lock, always.
 */
async function lockMailbox(tx: Transaction, email: string) {
  const mailbox = mailboxOf(email);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guest-hold:${mailbox.key}`}))`);
  return mailbox;
}

/**
 * The unproven address booking `id`'s holder counts under (`holderStanding`), its mailbox
 * locked (`lockMailbox`); undefined for a proven holder. Read before the booking's locks.
 */
export async function lockUnprovenHolder(tx: Transaction, id: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ userId: bookingRequests.userId, contactEmail: bookingRequests.contactEmail })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, id));
  const address = row && (await holderStanding(tx, row.userId, row.contactEmail)).unprovenAs;
  if (address !== undefined) await lockMailbox(tx, address);
  return address;
}

/**
 * 422 when one unproven mailbox would hold more than `GUEST_MAX_SEATS` places with `seats` more.
 * Its spellings count together (`mailboxOf`: case, `+tags`, Gmail's dots), its guests' bookings
 * and its unproven accounts' alike, and the mailbox's lock (`lockMailbox`) makes two bookings
 * with it at once count one after the other.
 */
export async function refuseGuestOverHold(tx: Transaction, email: string, seats: number) {
  const mailbox = await lockMailbox(tx, email);
  // Its spellings share a domain: the unproven holds there, folded here as the key folds them.
  const holds = await tx
    .select({ email: holderAddress, ...heldByGuests })
    .from(bookingRequests)
    .leftJoin(users, eq(users.id, bookingRequests.userId))
    .where(
      and(
        unproven(),
        or(
          ...mailbox.domains.map(
            (domain) => sql`right(${holderAddress}, ${domain.length + 1}) = ${`@${domain}`}`,
          ),
          sql`${holderAddress} = ${email}`,
        ),
      ),
    )
    .groupBy(holderAddress);
  const held = holds
    .filter((hold) => mailboxOf(hold.email).key === mailbox.key)
    .reduce((sum, hold) => sum + hold.seats + hold.nonRiders, 0);
  if (held + seats > GUEST_MAX_SEATS) {
    const text = `Sign in to book more than ${GUEST_MAX_SEATS} seats with one e-mail address`;
    throw unprocessable(text, { tourists: [text] });
  }
}

/**
 * The most seats (or non-rider beds) of a date of `capacity` that unproven guests may hold
 * together: `percent` of them (half by default), so that whatever addresses one visitor makes
 * up, the rest stays for travellers who signed in or proved theirs; never fewer than one guest
 * party may hold (`GUEST_MAX_SEATS`), so a family can still book a small date signed out.
 */
function guestShareOf(capacity: number, percent: number): number {
  return Math.max(GUEST_MAX_SEATS, Math.floor((capacity * percent) / 100));
}

export const GUEST_DATE_FULL =
  'Too many seats on this date are held by bookings whose e-mail is not confirmed yet. ' +
  'Sign in with a code sent to your e-mail to book it';

/**
 * 422 when unproven guests (and unproven accounts) would hold more than their share (`percent`)
 * of the date (`guestShareOf`) with `seats` and `nonRiders` more. Run after the booking took its
 * places: the date's row lock, held until the transaction ends, makes bookings of the date count
 * one after the other.
 */
export async function refuseGuestDateOverHold(
  tx: Transaction,
  dateId: number,
  { seats, nonRiders, percent }: { seats: number; nonRiders: number; percent: number },
) {
  const [date] = await tx
    .select({ seats: tourDates.numberOfSeats, beds: tourDates.nonRiderPlaces })
    .from(tourDates)
    .where(eq(tourDates.id, dateId));
  const [held] = await tx
    .select(heldByGuests)
    .from(bookingRequests)
    .leftJoin(users, eq(users.id, bookingRequests.userId))
    .where(and(eq(bookingRequests.tourDateId, dateId), unproven()));
  if (!date || !held) return;
  const overSeats = seats > 0 && held.seats + seats > guestShareOf(date.seats, percent);
  const overBeds = nonRiders > 0 && held.nonRiders + nonRiders > guestShareOf(date.beds, percent);
  if (overSeats || overBeds) throw unprocessable(GUEST_DATE_FULL, { tourists: [GUEST_DATE_FULL] });
}

/**
 * Riders added to an unproven holder's unpaid booking on date `dateId` (after the change took its
 * places, under the date's row lock): 422 as a new booking of that many would be. A change that
 * gives places back is never refused.
 */
export async function refuseUnprovenGrowth(
  tx: Transaction,
  address: string,
  dateId: number,
  { seats, nonRiders, percent }: { seats: number; nonRiders: number; percent: number },
) {
  if (seats + nonRiders > 0) await refuseGuestOverHold(tx, address, seats + nonRiders);
  if (seats > 0 || nonRiders > 0) {
    await refuseGuestDateOverHold(tx, dateId, {
      seats: Math.max(0, seats),
      nonRiders: Math.max(0, nonRiders),
      percent,
    });
  }
}

/** What a guarantee a proof of an address brings needs (`claimGuestBookings`). */
export interface ClaimSite {
  /** The site a guarantee's notices link to (`NoticeOptions.publicUrl`). */
  publicUrl: string;
  /** Hours a request its date's guarantee confirms has to pay (`BOOKING_HOLD_HOURS`). */
  holdHours: number;
}

/** Who proved which address: an e-mail (its guest bookings join), or a phone (null). */
export interface GuestClaim extends ClaimSite {
  userId: number;
  email: string | null;
}

/**
 * Joins the still active, unproven bookings of `email` to `userId`, their short guest hold
 * cleared (decision 089); answers how many. Run whenever an address is proven: a code sign-in, a
 * confirmation link, a password reset link, or a confirmed phone (`email` null: no guest
 * booking is joined, but the account's own waiting requests now count, below); and at every
 * session opened without a new proof, a password sign-in or a one-time sign-in link, for an
 * account whose e-mail is confirmed (decision 193).
 *
 * Each booking joined is told to its organizer, by e-mail and in the chat it now has (notice
 * `email-confirmed`): a request made signed out could not be confirmed until now.
 *
 * Their riders now count towards their dates' minimum groups (`ridersCountedSql`), and so do the
 * account's own waiting requests, which counted as unproven until it proved an address: each
 * such date not guaranteed runs if its group is now reached (`guaranteeIfReached`), in the
 * claim's transaction, which holds the date's lock (taken first, below) as the guarantee needs.
 *
 * Its locks are taken in the order every booking transaction takes them
 * (`lockBookingAfterDate`): the bookings' dates first, in id order, then the bookings, in id
 * order. A date decided as a whole (`guaranteeDate`, `callOffDate`) holds the date and locks its
 * bookings in id order, so one guest's several bookings on a date, locked by the claim in any
 * other order, would close a cycle PostgreSQL breaks by failing one side (40P01). A booking the
 * job released, or a date cancelled, meanwhile stays so: the rows are read again under their
 * locks. A deadlock still met (rows other modules lock) runs the claim again
 * (`retryOnDeadlock`); one that outlasts the retries fails the proof's request with a 409 to retry
 * (decision 180; no session opens), and nothing is lost: the bookings stay unclaimed on their hold, and the next proof of
 * the address (a sign-in with a new code) claims them as this one would.
 */
export async function claimGuestBookings(
  db: Database,
  { userId, email, publicUrl, holdHours }: GuestClaim,
): Promise<number> {
  const unclaimed = and(
    isNull(bookingRequests.userId),
    // A phone proves no e-mail: nothing matches.
    email === null ? sql`false` : eq(bookingRequests.contactEmail, email),
    inArray(bookingRequests.status, [...ACTIVE_STATUSES]),
  );
  return retryOnDeadlock(() =>
    db.transaction(async (tx) => {
      for (;;) {
        const seen =
          email === null
            ? []
            : await tx
                .select({ id: bookingRequests.id, dateId: bookingRequests.tourDateId })
                .from(bookingRequests)
                .where(unclaimed);
        const waiting = await ownWaitingDates(tx, userId);
        if (seen.length === 0 && waiting.length === 0) return 0;
        const dateIds = [...new Set([...seen.map((row) => row.dateId), ...waiting])]
          .filter((id) => id !== null)
          .sort((a, b) => a - b);
        if (dateIds.length > 0) {
          await tx
            .select({ id: tourDates.id })
            .from(tourDates)
            .where(inArray(tourDates.id, dateIds))
            .orderBy(asc(tourDates.id))
            .for('update');
        }
        const locked =
          seen.length === 0
            ? []
            : await tx
                .select({ id: bookingRequests.id, dateId: bookingRequests.tourDateId })
                .from(bookingRequests)
                .where(
                  and(
                    unclaimed,
                    inArray(
                      bookingRequests.id,
                      seen.map((row) => row.id),
                    ),
                  ),
                )
                .orderBy(asc(bookingRequests.id))
                .for('update');
        // Moved to a date not locked between the two reads (only the dev tour-end moves one):
        // read again, the new date locked first.
        if (locked.some((row) => row.dateId !== null && !dateIds.includes(row.dateId))) continue;
        const now = new Date();
        const claimed =
          locked.length === 0
            ? []
            : await tx
                .update(bookingRequests)
                .set({ userId, holdUntil: null, updatedAt: now })
                .where(
                  inArray(
                    bookingRequests.id,
                    locked.map((row) => row.id),
                  ),
                )
                .returning();
        // Every date is locked already, so the guarantee's locks of a date's bookings (id order)
        // wait only on transactions that hold no date of ours: lock order stays date → booking.
        const toldByGuarantee = new Set<number>();
        for (const dateId of dateIds) {
          const guarantee = await guaranteeIfReached(tx, dateId, {
            now,
            holdHours,
            notify: { publicUrl },
          });
          for (const { booking } of guarantee?.told ?? []) toldByGuarantee.add(booking.id);
        }
        // The organizer hears that each booking is now a proven traveller's (a request can be
        // confirmed from now, `AWAITING_EMAIL`), by e-mail and in the chat the claim opens; one
        // whose date the claim ran is told by the guarantee, once for the one moment.
        for (const booking of claimed) {
          if (toldByGuarantee.has(booking.id)) continue;
          await tellEveryone(
            tx,
            { kind: 'email-confirmed', booking, holdEnd: holdEndsAt(booking, holdHours) },
            { publicUrl },
          );
        }
        return claimed.length;
      }
    }),
  );
}

/**
 * The dates, not guaranteed and with a minimum group, of `userId`'s own requests waiting there:
 * an account that proved no address held them as unproven (decision 146), uncounted until now.
 */
async function ownWaitingDates(tx: Transaction, userId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ dateId: tourDates.id })
    .from(bookingRequests)
    .innerJoin(tourDates, eq(tourDates.id, bookingRequests.tourDateId))
    .where(
      and(
        eq(bookingRequests.userId, userId),
        eq(bookingRequests.status, STATUS.pendingConfirm),
        eq(tourDates.notGuaranteed, true),
        isNotNull(tourDates.minRiders),
      ),
    );
  return rows.map((row) => row.dateId);
}
