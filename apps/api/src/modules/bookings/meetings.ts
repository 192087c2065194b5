/**
 * Meeting details of a contract (a paid booking request). When the first payment of a request
 * arrives, `openMeeting` creates its contract with a random 43-character key and mails the
 * organizer the payment's news with the link `{web}/meet?key=...`; only the key's SHA-256 is stored, so the link in that
 * e-mail is the only way in (decision 027).
 */
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  bookingTourists,
  meetings,
  organizers,
  outbox,
  tourDates,
  tours,
  uploads,
} from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import { hashSecret, randomToken, signToken, verifyToken } from '#src/modules/sessions/index.ts';
import type { RequestRow } from './records.ts';
import { toMeetFile, type UploadRow } from '#src/modules/uploads/index.ts';
import { partyText } from './party-text.ts';
import { dateDetails, money, organizerBookingUrl } from './wording.ts';

export type MeetingRow = typeof meetings.$inferSelect;

/** The web page the organizer opens (spec: meet page, key in the query). */
export function meetUrl(key: string, publicUrl: string): string {
  const url = new URL('/meet', publicUrl);
  url.searchParams.set('key', key);
  return url.href;
}

/**
 * Creates the contract of a paid request (once: a second payment changes nothing) and queues the
 * organizer's e-mail with the key. Runs inside the payment's transaction. Answers the key, or
 * undefined when the meeting already existed or the request has no date.
 */
export async function openMeeting(
  tx: Database,
  request: RequestRow,
  publicUrl: string,
  key: string = randomToken(),
): Promise<string | undefined> {
  if (request.tourDateId === null) return undefined;
  const [created] = await tx
    .insert(meetings)
    .values({ requestId: request.id, keyHash: hashSecret(key) })
    .onConflictDoNothing()
    .returning();
  if (!created) return undefined;
  const [context] = await tx
    .select({
      tourName: tours.name,
      organizerName: organizers.name,
      organizerEmail: organizers.email,
      startDate: tourDates.startDate,
      endDate: tourDates.endDate,
      variantName: tourDates.variantName,
    })
    .from(tours)
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .innerJoin(tourDates, eq(tourDates.id, request.tourDateId))
    .where(eq(tours.id, request.tourId));
  if (context?.organizerEmail) {
    const link = meetUrl(key, publicUrl);
    const paid = `${money(request.paid, request.currency)} of ${money(request.price, request.currency)} is paid`;
    const page = (await hasTravelDetails(tx, request.id))
      ? 'Their arrival and departure details are on the same page:'
      : 'Write them on this page:';
    // The payment's news and the meet page in one e-mail: the payment's notice leaves the
    // organizer out when this e-mail went (`tellEveryone`).
    await tx.insert(outbox).values({
      kind: 'meeting-details-requested',
      channel: 'email',
      recipient: context.organizerEmail,
      subject: `Booking #${request.id} is paid: send the meeting details: ${context.tourName}`,
      body: `Hello ${context.organizerName},\n\nThe traveller paid booking #${request.id}: ${paid}.\n\nBooking #${request.id} for "${context.tourName}" (${dateDetails(context)}, ${partyText(request)}) now needs its meeting details. Please tell the travellers where and when to meet and what to bring, and attach any useful files. ${page}\n${link}\n\nKeep this link private: anyone who has it can edit the meeting details.\n\nTraveller: ${request.contactName}.\nThe booking: ${organizerBookingUrl(request, publicUrl)}\n\nThe Gallop team`,
      payload: { requestId: request.id, meetingId: created.id, link },
    });
  }
  return key;
}

/**
 * Whether a rider of the request gave arrival or departure details. Only then does the e-mail
 * point to them: the arrival page is behind a web flag (`FEATURE_ARRIVAL`, off by default), so
 * with it off nobody can give any.
 */
async function hasTravelDetails(tx: Database, requestId: number): Promise<boolean> {
  const [given] = await tx
    .select({ id: bookingTourists.id })
    .from(bookingTourists)
    .where(
      and(
        eq(bookingTourists.requestId, requestId),
        or(isNotNull(bookingTourists.arrival), isNotNull(bookingTourists.departure)),
      ),
    )
    .limit(1);
  return given !== undefined;
}

/**
 * The meet page key of the signed-in organizer area (issue 42): the e-mailed key is stored only
 * hashed, so members get a key signed with `secret` (the booking links' secret) instead.
 */
export function memberMeetKey(meetingId: number, secret: string): string {
  return signToken(secret, { meet: meetingId });
}

/** The meeting a key opens (the e-mailed key, or a member's key signed with `secret`), or 404. */
export async function meetingByKey(
  db: Database,
  key: string,
  secret?: string,
): Promise<MeetingRow> {
  const signedId = secret === undefined ? undefined : verifyToken(secret, key)?.meet;
  const [row] = await db
    .select()
    .from(meetings)
    .where(
      typeof signedId === 'number'
        ? eq(meetings.id, signedId)
        : eq(meetings.keyHash, hashSecret(key)),
    )
    .limit(1);
  if (!row) throw notFound('Meeting page not found: the link is wrong or no longer valid');
  return row;
}

export async function meetingFiles(db: Database, meetingId: number): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(eq(uploads.meetingId, meetingId))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
}

/**
 * What the traveller's booking shows once the organizer saved the details (`meeting` of
 * `BookingRequest`), keyed by request id.
 */
export async function savedMeetings(db: Database, requestIds: readonly number[]) {
  const byRequest = new Map<
    number,
    { text: string; updated_at: string; files: ReturnType<typeof toMeetFile>[] }
  >();
  if (requestIds.length === 0) return byRequest;
  const rows = await db
    .select()
    .from(meetings)
    .where(
      and(
        inArray(meetings.requestId, [...requestIds]),
        isNotNull(meetings.organizerText),
        isNotNull(meetings.savedAt),
      ),
    );
  if (rows.length === 0) return byRequest;
  const files = await db
    .select()
    .from(uploads)
    .where(
      inArray(
        uploads.meetingId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
  for (const row of rows) {
    byRequest.set(row.requestId, {
      text: row.organizerText ?? '',
      updated_at: (row.savedAt ?? row.updatedAt).toISOString(),
      files: files.filter((file) => file.meetingId === row.id).map(toMeetFile),
    });
  }
  return byRequest;
}

/** The request of a meeting (a meeting never outlives it: cascade). */
export async function meetingRequest(db: Database, meeting: MeetingRow): Promise<RequestRow> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(eq(bookingRequests.id, meeting.requestId));
  if (!row) throw notFound('Booking not found');
  return row;
}
