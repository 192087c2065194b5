/**
 * Bookings made signed out (decisions: "Guest bookings"; decision 089). Such a booking belongs to
 * no account until its contact e-mail is proven: signing in with a one-time code sent to that
 * address, or opening the e-mail confirmation link, proves it and the address's bookings join
 * the account. Until then the booking holds its seats for a short time only.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, users } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import { ACTIVE_STATUSES } from '#src/modules/booking-rules/index.ts';
import { normalizeEmail, normalizePhone } from '#src/modules/sessions/index.ts';
import { STATUS } from './records.ts';
import type { Transaction } from './transitions.ts';

/**
 * A booking made signed out holds its seats this long until its e-mail is proven, and one
 * unproven address holds at most this many seats (decision 089).
 */
export const GUEST_HOLD_MINUTES = 30;
const GUEST_MAX_SEATS = 6;

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

/**
 * 422 when an unproven address would hold more than `GUEST_MAX_SEATS` seats. The address's
 * lock makes two bookings with it at once count one after the other.
 */
export async function refuseGuestOverHold(tx: Transaction, email: string, seats: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guest-hold:${email}`}))`);
  const [held] = await tx
    .select({
      seats:
        sql<number>`coalesce(sum(${bookingRequests.seats} + ${bookingRequests.nonRiders}), 0)`.mapWith(
          Number,
        ),
    })
    .from(bookingRequests)
    .where(
      and(
        isNull(bookingRequests.userId),
        eq(bookingRequests.contactEmail, email),
        inArray(bookingRequests.status, [STATUS.pendingConfirm, STATUS.pendingPrepayment]),
      ),
    );
  if ((held?.seats ?? 0) + seats > GUEST_MAX_SEATS) {
    const text = `Sign in to book more than ${GUEST_MAX_SEATS} seats with one e-mail address`;
    throw unprocessable(text, { tourists: [text] });
  }
}

/**
 * Joins the still active, unproven bookings of `email` to `userId`; answers how many. The update
 * takes each row's lock, so a booking the job released meanwhile stays released.
 */
export async function claimGuestBookings(
  db: Database,
  { userId, email }: { userId: number; email: string },
): Promise<number> {
  const claimed = await db
    .update(bookingRequests)
    .set({ userId, holdUntil: null, updatedAt: new Date() })
    .where(
      and(
        isNull(bookingRequests.userId),
        eq(bookingRequests.contactEmail, email),
        inArray(bookingRequests.status, [...ACTIVE_STATUSES]),
      ),
    )
    .returning({ id: bookingRequests.id });
  return claimed.length;
}
