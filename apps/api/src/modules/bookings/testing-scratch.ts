/**
 * Helpers of the transaction tests, over a scratch database they may change at will
 * (`#src/testing/scratch-database.ts`): dates of a chosen capacity, travellers, bookings.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  organizerMembers,
  outbox,
  tourDates,
  tours,
  users,
} from '#src/db/schema/index.ts';
import type { Json } from '#src/testing/call.ts';
import { scratchAppForFile, scratchDatabaseOf } from '#src/testing/scratch-database.ts';
import { signUp as signUpTraveller } from '#src/testing/sign-up.ts';
import { findBookableDate } from './testing.ts';
import { transitionBooking, travellerCancel } from './transitions.ts';

export type TourDateRow = typeof tourDates.$inferSelect;

/**
 * The file's scratch app of a booking test (`scratchAppForFile`): public writes unlimited, links
 * to `http://web.test` (as `confirmByLink` reads them), booking links signed with a test secret;
 * `env` adds to that.
 */
export const bookingScratchAppForFile = (name: string, env: Record<string, string> = {}) =>
  scratchAppForFile(name, {
    PUBLIC_WRITE_LIMIT: '1000000',
    PUBLIC_URL: 'http://web.test',
    BOOKING_LINK_SECRET: 'booking-link-secret-for-tests',
    ...env,
  });

/**
 * A new bookable date of `capacity` seats, all free: a copy of a seeded one (`findBookableDate`:
 * two months ahead, a percent prepayment, an organizer with an e-mail), so no booking of another
 * test is on it. `used` keeps the dates made, for tests that want to look at them. `minRiders`
 * gives a date its minimum group (decision 111).
 */
export async function dateWithSeats(
  db: Database,
  capacity: number,
  used: Set<number>,
  {
    guaranteed = true,
    heavyPlaces = 0,
    minRiders = null,
    nonRiderPlaces = 0,
    nonRiderPrice = null,
  }: {
    guaranteed?: boolean;
    heavyPlaces?: number;
    minRiders?: number | null;
    /** Beds for companions who do not ride, at `nonRiderPrice` (minor units) each. */
    nonRiderPlaces?: number;
    nonRiderPrice?: number | null;
  } = {},
): Promise<TourDateRow> {
  const { id: _template, ...template } = await findBookableDate(db, {
    guaranteed,
    organizerEmail: true,
  });
  const [date] = await db
    .insert(tourDates)
    .values({
      ...template,
      numberOfSeats: capacity,
      numberOfFreeSeats: capacity,
      heavyPlaces,
      heavyPlacesFree: heavyPlaces,
      nonRiderPrice,
      nonRiderPlaces,
      nonRiderPlacesFree: nonRiderPlaces,
      minRiders,
    })
    .returning();
  used.add(date!.id);
  return date!;
}

/**
 * A date whose requests wait for its organizer: `dateWithSeats` not guaranteed, `minRiders` its
 * minimum group (or none), its decision day far ahead.
 */
export async function waitingDate(
  db: Database,
  capacity: number,
  used: Set<number>,
  minRiders: number | null = null,
): Promise<TourDateRow> {
  const date = await dateWithSeats(db, capacity, used, { guaranteed: false, minRiders });
  await db.update(tourDates).set({ decisionDate: '2099-03-12' }).where(eq(tourDates.id, date.id));
  return date;
}

/** The `x-authorization` header of a signed-in caller; none for `undefined` (signed out). */
export const bearer = (token: string | undefined) =>
  token ? { 'x-authorization': `Bearer ${token}` } : {};

export const uniqueEmail = (prefix = 'rider') => `${prefix}-${randomUUID()}@example.com`;

/**
 * A traveller who registered with a password and signed in, the e-mail not confirmed: an
 * unproven account, whose unpaid holds are capped as a guest's are (decision 146).
 */
export async function unconfirmedSignUp(app: FastifyInstance, email = uniqueEmail()) {
  const { token } = await signUpTraveller(app, { email });
  return { token, email };
}

/**
 * The account of `email`, signed in with `token`, opens the confirmation link its registration
 * e-mailed (the app must be a scratch app: the link is read from its outbox).
 */
export async function confirmEmail(app: FastifyInstance, email: string, token: string) {
  const [mail] = await scratchDatabaseOf(app)
    .select({ body: outbox.body })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'confirm-email')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = new URL(mail!.body.match(/https?:\/\/\S+/)![0]);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/crm/api/user/confirm-email',
    headers: bearer(token),
    payload: { token: link.searchParams.get('token') },
  });
  if (confirmed.statusCode !== 200) {
    throw new Error(`confirm-email answered ${confirmed.statusCode}: ${confirmed.body}`);
  }
}

/** A traveller signed in whose e-mail is confirmed: a proven account, its holds not capped. */
export async function signUp(app: FastifyInstance, email = uniqueEmail()) {
  const traveller = await unconfirmedSignUp(app, email);
  await confirmEmail(app, email, traveller.token);
  return traveller;
}

/** A fresh account with the support role: their session (support cancels any booking). */
export async function signUpSupport(app: FastifyInstance, db: Database) {
  const agent = await signUp(app);
  await db.update(users).set({ role: 'support' }).where(eq(users.email, agent.email));
  return agent;
}

/**
 * A fresh traveller made a member of the organizer of `date`'s tour (who answers its bookings and
 * decides its dates): their session, and their account's id.
 */
export async function organizerMemberOf(
  app: FastifyInstance,
  db: Database,
  date: Pick<TourDateRow, 'tourId'>,
) {
  const member = await signUp(app);
  const [user] = await db.select().from(users).where(eq(users.email, member.email));
  const [tour] = await db
    .select({ organizerId: tours.organizerId })
    .from(tours)
    .where(eq(tours.id, date.tourId));
  await db.insert(organizerMembers).values({ organizerId: tour!.organizerId, userId: user!.id });
  return { ...member, userId: user!.id };
}

/**
 * Proves `email` the way a guest does, with the one-time code the API e-mails (read from the
 * outbox): the guest's bookings join the account. Answers the session's token.
 */
export async function signInWithEmailCode(
  app: FastifyInstance,
  db: Database,
  email: string,
): Promise<string> {
  await app.inject({
    method: 'POST',
    url: '/crm/api/user/send-auth-code',
    payload: { login: email, code_sender: 'email' },
  });
  const [code] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'sign-in-code')));
  const signedIn = await app.inject({
    method: 'POST',
    url: '/crm/api/user/auth-via-code',
    payload: { login: email, code: code!.body.match(/\b(\d{5})\b/)![1], verify_method: 'email' },
  });
  expect(signedIn.statusCode).toBe(200);
  return (signedIn.json() as { token: string }).token;
}

export interface BookingOptions {
  email: string;
  riders?: number;
  /** Each rider's weight, kg, in order (riders without one send none). */
  weights?: readonly number[] | undefined;
  /** Companions who come along without riding, after the riders. */
  nonRiders?: number | undefined;
  token?: string | undefined;
  key?: string | undefined;
  currency?: string | undefined;
  /** The contact's phone; one shared by every scratch booking without it. */
  phone?: string | undefined;
}

function bookingBody(date: Pick<TourDateRow, 'id' | 'tourId'>, options: BookingOptions) {
  return {
    tour_id: date.tourId,
    tour_date_id: date.id,
    tourists: [
      ...Array.from({ length: options.riders ?? options.weights?.length ?? 1 }, (_, i) => ({
        first_name: i === 0 ? 'Maya' : `Rider${i}`,
        last_name: 'Hart',
        ...(options.weights?.[i] === undefined ? {} : { weight: options.weights[i] }),
      })),
      ...Array.from({ length: options.nonRiders ?? 0 }, (_, i) => ({
        first_name: `Walker${i}`,
        last_name: 'Hart',
        rides: false,
      })),
    ],
    contact: { name: 'Maya Hart', email: options.email, phone: options.phone ?? '+14155550199' },
  };
}

/** `POST /crm/api/request/create`: its status and JSON body. */
export async function book(
  app: FastifyInstance,
  date: Pick<TourDateRow, 'id' | 'tourId'>,
  options: BookingOptions,
  body: object = bookingBody(date, options),
): Promise<{ status: number; body: Json }> {
  const response = await app.inject({
    method: 'POST',
    url: '/crm/api/request/create',
    headers: {
      ...(options.token ? { 'x-authorization': `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.currency ? { 'x-currency': options.currency } : {}),
    },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** Seats of a date: free, and held by its active bookings. */
export async function seatsOf(db: Database, dateId: number) {
  const { capacity, free, sold } = await placesOf(db, dateId);
  return { capacity, free, sold };
}

/** Seats, heavier-horse places and non-rider beds of a date: free, and held by live bookings. */
export async function placesOf(db: Database, dateId: number) {
  const [date] = await db.select().from(tourDates).where(eq(tourDates.id, dateId));
  const [held] = await db
    .select({
      seats: sql<number>`coalesce(sum(${bookingRequests.seats}), 0)`.mapWith(Number),
      heavy: sql<number>`coalesce(sum(${bookingRequests.heavyPlaces}), 0)`.mapWith(Number),
      nonRiders: sql<number>`coalesce(sum(${bookingRequests.nonRiders}), 0)`.mapWith(Number),
    })
    .from(bookingRequests)
    .where(
      and(eq(bookingRequests.tourDateId, dateId), sql`${bookingRequests.status} in (1, 2, 3)`),
    );
  return {
    capacity: date!.numberOfSeats,
    free: date!.numberOfFreeSeats,
    sold: held!.seats,
    heavyCapacity: date!.heavyPlaces,
    heavyFree: date!.heavyPlacesFree,
    heavySold: held!.heavy,
    nonRidersCapacity: date!.nonRiderPlaces,
    nonRidersFree: date!.nonRiderPlacesFree,
    nonRidersSold: held!.nonRiders,
  };
}

/** The messages of `kind` queued about booking `requestId`. */
export async function messagesAbout(db: Database, requestId: number, kind: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), sql`(${outbox.payload}->>'requestId')::int = ${requestId}`));
}

/** The newest message of `kind` about request `requestId` (undefined when none). */
export async function latestMessageAbout(db: Database, requestId: number, kind: string) {
  const [latest] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), sql`(${outbox.payload}->>'requestId')::int = ${requestId}`))
    .orderBy(desc(outbox.id))
    .limit(1);
  return latest;
}

/**
 * Confirms request `id` by the Confirm link of the organizer's e-mail about it (the scratch app's
 * `PUBLIC_URL` is `http://web.test`); answers its status and body.
 */
export async function confirmByLink(app: FastifyInstance, db: Database, id: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/crm/api/request/answer',
    payload: { token: await answerLinkToken(db, id), answer: 'confirm' },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/** The signed token of the Confirm link in the organizer's first e-mail about booking `id`. */
export async function answerLinkToken(db: Database, id: number) {
  const [mail] = await messagesAbout(db, id, 'request-to-answer');
  const link = [...mail!.body.matchAll(/http:\/\/web\.test\/partner\/answer\?\S+/g)]
    .map((match) => new URL(match[0]))
    .find((url) => url.searchParams.get('answer') === 'confirm')!;
  return link.searchParams.get('token')!;
}

/** The outbox's messages of `kind` about the date `dateId` (its payload's `tourDateId`). */
export async function messagesOfDate(db: Database, dateId: number, kind: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), sql`(${outbox.payload}->>'tourDateId')::int = ${dateId}`));
}

/** Statuses of answers, counted: `{ 201: 5, 422: 195 }`. */
export const tallyStatuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

/** The traveller signed in with `token` cancels booking `id`. */
export async function cancelBooking(app: FastifyInstance, token: string, id: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/crm/api/request/cancel',
    headers: { 'x-authorization': `Bearer ${token}` },
    payload: { id },
  });
  return { status: response.statusCode, body: response.json() as Json };
}

/**
 * The traveller's cancel of booking `id` as far as its commit (seats released, its open payment
 * closed), the provider never told: the process died before it voided the payment.
 */
export function cancelCommittedOnly(db: Database, id: number, publicUrl: string) {
  return transitionBooking(db, id, travellerCancel(null, new Date(), { publicUrl }));
}

/** The booking job and its balance reminders, for tests of other modules that read their effects. */
export { runBookingJob } from './expiry.ts';
export { remindBalances } from './reminders.ts';

/**
 * A caller of the scratch app's API as a signed-in traveller (`token`) or a visitor: the status
 * and the JSON body. `app` is read at each call, so it can be made before the app is.
 */
export function scratchApi(app: () => FastifyInstance) {
  return async (
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const response = await app().inject({
      method,
      url,
      headers: { ...(token ? { 'x-authorization': `Bearer ${token}` } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() as Json };
  };
}
