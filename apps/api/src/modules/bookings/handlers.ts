/**
 * Booking requests (docs/product.md, States, "Booking request status"; decisions: "create a booking
 * request ... list the user's requests", "Money", "Booking lifecycle"). Handlers map HTTP to the
 * services: `transitions.ts` moves status, riders and seats under the booking's row lock,
 * `../../http/idempotency.ts` makes creation safe to retry (decision 089).
 *
 * Guaranteed dates are confirmed at once (status 2, pending prepayment); dates the organizer has
 * not guaranteed wait for the organizer (status 1). A booking is priced in the currency the
 * traveller sees, fixed at creation. A guest's booking joins an account only once its contact
 * e-mail is proven with a one-time code; until then it holds few seats for a short time. The
 * booking's link key (uuid) opens it without signing in.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  bookingTourists,
  organizers,
  outbox,
  tourDates,
  tours,
  users,
} from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import { createOnce, fingerprintOf, idempotencyKeyOf, savedAnswer } from '#src/http/idempotency.ts';
import {
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
} from '#src/http/rate-limit.ts';
import {
  findSigned,
  normalizeEmail,
  normalizePhone,
  requireSigned,
  unauthorized,
} from '#src/modules/sessions/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { toTourDate } from '#src/modules/catalog/index.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import { convertAmount, toDisplayPrice, type RatesCache } from '#src/shared/money/rates.ts';
import { inCurrency, isActive, quote, tiersOf } from '#src/modules/booking-rules/index.ts';
import {
  DEFAULT_HOLD_HOURS,
  findRequest,
  findRequestByUuid,
  forbidden,
  loadTourists,
  ownRequest,
  STATUS,
  toBookingRequest,
  toArrivalInfo,
  toBookingRequests,
  type RequestRow,
} from './records.ts';
import { placesFor, placesShortError, refuseNonRiders, refuseOverweight } from './rider-places.ts';
import { takePlaces } from './seats.ts';
import { bookingReceivedMessage } from './messages.ts';
import {
  answerRequest as answerRequestAs,
  newRequestForOrganizer,
  requestOfToken,
  toRequestForOrganizer,
} from './organizer-answers.ts';
import {
  CANNOT_CHANGE,
  changeRiders,
  changeRidersIn,
  guaranteeIfReached,
  travellerCancel,
  type Transaction,
} from './transitions.ts';
import { cancelAndSettle } from './cancellations.ts';
import type { BookingPayments } from './payments-port.ts';
import { touristValues, type TouristInput } from './tourists.ts';

/**
 * A booking made signed out holds its seats this long until its e-mail is proven, and one
 * unproven address holds at most this many seats (decision 089).
 */
const GUEST_HOLD_MINUTES = 30;
const GUEST_MAX_SEATS = 6;
/** Hours an organizer has to answer a request when `RESPONSE_DEADLINE_HOURS` is not set. */
const DEFAULT_RESPONSE_HOURS = 48;

export interface BookingsDeps {
  db: Database;
  rates: RatesCache;
  content?: { publicUrl?: string | undefined } | undefined;
  /** Booking requests per visitor address in 15 minutes (default 10). */
  publicWriteLimit?: number | undefined;
  limiter?: RateLimiter;
  /** The app's rate limits (Redis or memory; a solved captcha lifts them). */
  rateLimits?: RateLimits | undefined;
  now?: () => Date;
  /** Hours a confirmed, unpaid booking holds its seats (`BOOKING_HOLD_HOURS`). */
  bookingHoldHours?: number | undefined;
  /** Voids a cancelled booking's open payments and sends its refunds (the payments module). */
  payments: BookingPayments;
  /** Signs the organizer's Confirm and Decline links (read when used). */
  bookingLinkSecret: () => string;
  /** Hours an organizer has to answer a request (`RESPONSE_DEADLINE_HOURS`, default 48). */
  responseDeadlineHours?: number | undefined;
}

type BookingOperation =
  | 'createBookingRequest'
  | 'getBookingRequest'
  | 'getBookingRequestByUuid'
  | 'listBookingRequests'
  | 'getBookingRequestTourDates'
  | 'cancelBookingRequest'
  | 'updateBookingRequestTourists'
  | 'updateTouristsQuestionnaires'
  | 'addTourists'
  | 'getTouristsInfo'
  | 'getArrivalInfo'
  | 'saveArrivalInfo'
  | 'getRequestForAnswer'
  | 'answerRequest';

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';
const TOO_MANY = 'Too many requests. Please confirm you are not a robot.';
const DATE_CLOSED = 'This date can no longer be booked';
export const ADD_RIDERS_SIGN_IN = "Sign in with a code sent to the booking's e-mail to add riders";
export const ADD_RIDERS_OWNER_ONLY = 'Only the account that made this booking can add riders';
const gone = (message: string) => new HttpError(410, message);

/** "Ann Rider" -> first and last name for an account opened from a booking contact. */
function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || null };
}

export function bookingsHandlers(deps: BookingsDeps): Pick<ServiceHandlers, BookingOperation> {
  const { db } = deps;
  const publicUrl = deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL;
  const now = deps.now ?? (() => new Date());
  const limiter =
    deps.limiter ??
    createRateLimiter({
      name: 'booking-requests',
      limit: deps.publicWriteLimit ?? 10,
      windowMs: 15 * 60_000,
      limits: deps.rateLimits,
    });
  const holdHours = deps.bookingHoldHours ?? DEFAULT_HOLD_HOURS;
  const responseDeadlineHours = deps.responseDeadlineHours ?? DEFAULT_RESPONSE_HOURS;
  const notify = { publicUrl };

  async function view(request: FastifyRequest) {
    const rates = await deps.rates.get();
    // The traveller's own calls: they read their riders' weights.
    return {
      reader: 'traveller' as const,
      currency: requestCurrency(request, rates),
      rates,
      now: now(),
      holdHours,
    };
  }

  const answer = async (request: FastifyRequest, row: RequestRow) =>
    toBookingRequest(db, row, await view(request));

  /** The request behind a link key; 404 when unknown. */
  async function byUuid(uuid: string): Promise<RequestRow> {
    const row = await findRequestByUuid(db, uuid);
    if (!row) throw notFound('Booking request not found');
    return row;
  }

  /** 422 unless the request is active and its date still ahead (arrival info). */
  async function changeableDate(row: RequestRow) {
    if (!isActive(row.status)) throw unprocessable(CANNOT_CHANGE);
    if (row.tourDateId === null) return;
    const [date] = await db.select().from(tourDates).where(eq(tourDates.id, row.tourDateId));
    if (!date || date.startDate <= todayIso(now())) throw unprocessable(CANNOT_CHANGE);
  }

  /**
   * The account a booking belongs to: the signed-in traveller's; none for a guest (it joins the
   * contact's account once the address is proven). A guest's unknown address gets an account
   * to sign in to with a code; a known one is left as it is.
   */
  async function bookingUser(
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
    await tx
      .insert(users)
      .values({ ...splitName(contact.name), email, phone: phoneTaken ? null : (phone ?? null) })
      .onConflictDoNothing();
    return null;
  }

  /**
   * 422 when an unproven address would hold more than `GUEST_MAX_SEATS` seats. The address's
   * lock makes two bookings with it at once count one after the other.
   */
  async function refuseGuestOverHold(tx: Transaction, email: string, seats: number) {
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

  function limited(request: FastifyRequest, reply: FastifyReply) {
    return limitCall(limiter, `createBookingRequest:${request.ip}`, request, reply, TOO_MANY);
  }

  /** The riders of a booking change; 409 / 422 from `changeRiders`. */
  async function setRiders(
    row: RequestRow,
    wanted: readonly TouristInput[],
    keepMissing: boolean,
  ): Promise<RequestRow> {
    const changed = await changeRiders(db, row.id, {
      wanted,
      keepMissing,
      now: now(),
      notify,
      holdHours,
    });
    return changed.row;
  }

  return {
    async createBookingRequest(request, reply) {
      const body = request.body;
      const signed = await findSigned(db, request);
      const rates = await deps.rates.get();
      const currency = requestCurrency(request, rates);
      const key = idempotencyKeyOf(request);
      const idempotent = {
        db,
        scope: 'createBookingRequest',
        key,
        fingerprint: fingerprintOf({ user: signed?.user.id ?? null, currency, body }),
        answer: async (id: number) =>
          toBookingRequest(db, (await findRequest(db, id))!, {
            reader: 'traveller',
            currency,
            rates,
            now: now(),
            holdHours,
          }),
      };
      // A retry of a booking already made answers it again, before any limit or seat check.
      const replay = await savedAnswer(idempotent);
      if (replay) return reply.code(201).send(replay.body);
      const tooMany = await limited(request, reply);
      if (tooMany) return reply;
      const today = todayIso(now());
      const [tour] = await db
        .select({
          id: tours.id,
          name: tours.name,
          minAge: tours.minAge,
          maxRiderWeightKg: tours.maxRiderWeightKg,
          heavyRiderWeightKg: tours.heavyRiderWeightKg,
          nonRidersWelcome: tours.nonRidersWelcome,
          cancellationPolicy: tours.cancellationPolicy,
          organizerEmail: organizers.email,
        })
        .from(tours)
        .innerJoin(organizers, eq(organizers.id, tours.organizerId))
        .where(and(eq(tours.id, body.tour_id), eq(tours.isPublished, true)));
      if (!tour) throw notFound('Tour not found');
      const contactName = body.contact.name.trim();
      if (!contactName) {
        throw unprocessable('Required field', { 'contact.name': ['Required field'] });
      }
      const tourists = body.tourists.map((tourist) => touristValues(tourist));
      const blank = tourists.findIndex((t) => !t.firstName || !t.lastName);
      if (blank >= 0) {
        const field = tourists[blank]!.firstName ? 'last_name' : 'first_name';
        throw unprocessable('Required field', {
          [`tourists.${blank}.${field}`]: ['Required field'],
        });
      }
      refuseOverweight(tourists, tour);
      // Non-riders take a bed, not a seat nor a horse (decision 118).
      const riders = tourists.filter((t) => t.rides);
      const nonRiders = tourists.length - riders.length;
      const places = { ...placesFor(riders, tour), nonRiders };

      let date: typeof tourDates.$inferSelect | undefined;
      if (body.tour_date_id !== undefined) {
        [date] = await db
          .select()
          .from(tourDates)
          .where(and(eq(tourDates.id, body.tour_date_id), eq(tourDates.tourId, tour.id)));
        if (!date)
          throw unprocessable(DATE_CLOSED, { tour_date_id: ['Unknown date of this tour'] });
        if (date.startDate <= today || date.isBusy) {
          throw unprocessable(DATE_CLOSED, { tour_date_id: [DATE_CLOSED] });
        }
        const tooYoung = tourists.findIndex(
          (t) => t.rides && t.birthday !== null && ageOn(t.birthday, date!.startDate) < tour.minAge,
        );
        if (tooYoung >= 0) {
          const text = `Riders must be at least ${tour.minAge} on the first day`;
          throw unprocessable(text, { [`tourists.${tooYoung}.birthday`]: [text] });
        }
      }
      refuseNonRiders(tourists, tour, date);
      // The price the traveller saw, in their currency, in whole units (decision 089); each
      // non-rider at the date's non-rider price, converted the same way (decision 118).
      const inBookingCurrency = (minor: number) =>
        toDisplayPrice(minor, date!.currency, currency, rates) * 100;
      const nonRiderPrice =
        date && nonRiders > 0 && date.nonRiderPrice !== null
          ? inBookingCurrency(date.nonRiderPrice)
          : null;
      const price = date
        ? quote(inCurrency(date, inBookingCurrency), riders.length, today, {
            count: nonRiders,
            price: nonRiderPrice ?? 0,
          })
        : { price: 0, prepayment: null };
      const contactEmail = normalizeEmail(body.contact.email);
      const created = await createOnce({
        ...idempotent,
        statusCode: 201,
        create: async (tx) => {
          const userId = await bookingUser(tx, signed?.user.id, body.contact);
          if (userId === null) await refuseGuestOverHold(tx, contactEmail, tourists.length);
          // Guaranteed or not is read from the date's row just locked: a date the booking before
          // this one guaranteed confirms this one at once (decision 111).
          let status: number = STATUS.pendingConfirm;
          if (date) {
            const took = await takePlaces(tx, date.id, places);
            if (!took.taken) throw placesShortError(took, tourists, tour);
            if (took.notGuaranteed === false) status = STATUS.pendingPrepayment;
          }
          const createdAt = now();
          const [row] = await tx
            .insert(bookingRequests)
            .values({
              userId,
              tourId: tour.id,
              tourDateId: date?.id ?? null,
              status,
              currency,
              price: price.price,
              prepayment: price.prepayment,
              sourceCurrency: date?.currency ?? null,
              sourcePrice: date?.price ?? null,
              exchangeRate: date ? convertAmount(1, date.currency, currency, rates) : null,
              holdUntil:
                userId === null
                  ? new Date(createdAt.getTime() + GUEST_HOLD_MINUTES * 60_000)
                  : null,
              respondBy:
                status === STATUS.pendingConfirm
                  ? new Date(createdAt.getTime() + responseDeadlineHours * 3_600_000)
                  : null,
              // The policy shown at checkout is the one the traveller accepts (decision 091).
              cancellationPolicy: tour.cancellationPolicy,
              cancellationTiers: [...tiersOf(tour.cancellationPolicy)],
              seats: riders.length,
              heavyPlaces: date ? places.heavy : 0,
              nonRiders,
              nonRiderPrice,
              contactName,
              contactEmail,
              contactPhone: body.contact.phone,
              comment: body.comment?.trim() || null,
              subscriberId: body.subscriber_id ?? null,
              utm: body.utm ?? null,
              createdAt,
              updatedAt: createdAt,
            })
            .returning();
          await tx
            .insert(bookingTourists)
            .values(tourists.map((t, position) => ({ ...t, requestId: row!.id, position })));
          // The riders may complete the date's minimum group: it runs, and waits no more.
          const guaranteed =
            date && status === STATUS.pendingConfirm
              ? await guaranteeIfReached(tx, date.id, { now: createdAt, holdHours, notify })
              : [];
          const booked = guaranteed.find((moved) => moved.id === row!.id) ?? row!;
          await tx.insert(outbox).values(
            bookingReceivedMessage({
              request: booked,
              tourName: tour.name,
              date,
              publicUrl,
              guestHoldMinutes: userId === null ? GUEST_HOLD_MINUTES : undefined,
            }),
          );
          if (tour.organizerEmail) {
            await tx.insert(outbox).values(
              newRequestForOrganizer({
                request: booked,
                tour,
                organizerEmail: tour.organizerEmail,
                secret: deps.bookingLinkSecret(),
                publicUrl,
              }),
            );
          }
          return row!.id;
        },
      });
      return reply.code(201).send(created.body);
    },

    async getBookingRequest(request) {
      const { user } = await requireSigned(db, request);
      return answer(request, await ownRequest(db, request.query.id, user.id));
    },

    async getBookingRequestByUuid(request) {
      return answer(request, await byUuid(request.query.uuid));
    },

    async listBookingRequests(request) {
      const { user } = await requireSigned(db, request);
      const page = request.query.page ?? 1;
      const perPage = request.query['per-page'] ?? 20;
      const statuses = request.query.status;
      const where = and(
        eq(bookingRequests.userId, user.id),
        statuses && statuses.length > 0 ? inArray(bookingRequests.status, statuses) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bookingRequests)
          .where(where)
          .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ value: count() }).from(bookingRequests).where(where),
      ]);
      const totalCount = Number(total?.value ?? 0);
      return {
        items: await toBookingRequests(db, rows, await view(request)),
        pagination: {
          page,
          per_page: perPage,
          total: totalCount,
          page_count: Math.max(1, Math.ceil(totalCount / perPage)),
        },
      };
    },

    async getBookingRequestTourDates(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.body.request_id, user.id);
      const context = await view(request);
      const rows = await db
        .select()
        .from(tourDates)
        .where(
          and(
            eq(tourDates.tourId, row.tourId),
            gt(tourDates.startDate, todayIso(context.now)),
            eq(tourDates.isBusy, false),
            request.body.with_variants ? undefined : isNull(tourDates.variantName),
            row.tourDateId === null ? undefined : ne(tourDates.id, row.tourDateId),
          ),
        )
        .orderBy(asc(tourDates.startDate), asc(tourDates.id));
      return {
        items: rows
          // The booking's non-riders need their beds on another date too (decision 118).
          .filter(
            (date) =>
              date.numberOfFreeSeats >= row.seats &&
              (row.nonRiders === 0 ||
                (date.nonRiderPrice !== null && date.nonRiderPlacesFree >= row.nonRiders)),
          )
          .map((date) => toTourDate(date, context)),
      };
    },

    async cancelBookingRequest(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.body.id, user.id);
      const result = await cancelAndSettle(
        {
          db,
          payments: deps.payments,
          publicUrl,
          onRefundPending: (error) =>
            request.log.warn({ err: error, requestId: row.id }, 'refund left pending'),
        },
        row.id,
        travellerCancel(request.body.message?.trim() || null, now(), notify),
      );
      return answer(request, result.row);
    },

    async updateBookingRequestTourists(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.query.request_id, user.id);
      return answer(request, await setRiders(row, request.body.tourists, false));
    },

    async updateTouristsQuestionnaires(request) {
      const row = await byUuid(request.query.uuid);
      if (row.id !== request.query.id) throw notFound('Booking request not found');
      const missingId = request.body.tourists.findIndex((t) => t.id === undefined);
      if (missingId >= 0) {
        throw unprocessable('Choose the tourist to fill in', {
          [`tourists.${missingId}.id`]: ['Required field'],
        });
      }
      return touristsInfo(request, await setRiders(row, request.body.tourists, true));
    },

    async addTourists(request, reply) {
      const row = await byUuid(request.query.uuid);
      // The link alone does not add riders: its holder signs in as the owner, or proves the
      // owner's e-mail with a one-time code, which joins a guest booking to that account.
      const signed = await findSigned(db, request);
      if (!signed) throw unauthorized(ADD_RIDERS_SIGN_IN);
      if (row.userId !== signed.user.id) throw forbidden(ADD_RIDERS_OWNER_ONLY);
      const withId = request.body.tourists.findIndex((t) => t.id !== undefined);
      if (withId >= 0) {
        throw unprocessable('Only new tourists can be added here', {
          [`tourists.${withId}.id`]: ['Only new tourists can be added here'],
        });
      }
      const added = await createOnce({
        db,
        scope: 'addTourists',
        key: idempotencyKeyOf(request),
        fingerprint: fingerprintOf({ uuid: row.uuid, body: request.body }),
        statusCode: 200,
        create: async (tx) => {
          const changed = await changeRidersIn(tx, row.id, {
            wanted: request.body.tourists,
            keepMissing: true,
            now: now(),
            notify,
            holdHours,
          });
          return changed.row.id;
        },
        answer: async (id) => touristsInfo(request, (await findRequest(db, id))!),
      });
      return reply.code(200).send(added.body);
    },

    async getRequestForAnswer(request) {
      const row = await requestOfToken(db, request.query.token, deps.bookingLinkSecret());
      return toRequestForOrganizer(db, row);
    },

    async answerRequest(request) {
      const result = await answerRequestAs(
        { db, secret: deps.bookingLinkSecret(), publicUrl, holdHours, now: now() },
        request.body,
      );
      return toRequestForOrganizer(db, result.row);
    },

    async getTouristsInfo(request) {
      const row = await byUuid(request.query.uuid);
      const info = await touristsInfo(request, row);
      if (!info.tourists.some((t) => t.can_edit)) {
        throw gone('This booking can no longer be changed');
      }
      return info;
    },

    async getArrivalInfo(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.query.id, user.id);
      return arrivalInfo(row.id);
    },

    async saveArrivalInfo(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.query.id, user.id);
      await changeableDate(row);
      const existing = (await loadTourists(db, [row.id])).get(row.id) ?? [];
      const ids = new Set(existing.map((t) => t.id));
      const unknown = request.body.tourists.findIndex((t) => !ids.has(t.tourist_id));
      if (unknown >= 0) {
        throw unprocessable('Unknown tourist', {
          [`tourists.${unknown}.tourist_id`]: ['Unknown tourist'],
        });
      }
      await db.transaction(async (tx: Transaction) => {
        for (const item of request.body.tourists) {
          const changes = {
            ...(item.arrival ? { arrival: item.arrival } : {}),
            ...(item.departure ? { departure: item.departure } : {}),
          };
          // A rider sent with neither leg keeps what was saved (an empty SET is not SQL).
          if (Object.keys(changes).length === 0) continue;
          await tx
            .update(bookingTourists)
            .set(changes)
            .where(eq(bookingTourists.id, item.tourist_id));
        }
      });
      return arrivalInfo(row.id);
    },
  };

  async function touristsInfo(request: FastifyRequest, row: RequestRow) {
    const booking = await answer(request, row);
    const [date] =
      row.tourDateId === null
        ? []
        : await db
            .select({ seats: tourDates.numberOfFreeSeats })
            .from(tourDates)
            .where(eq(tourDates.id, row.tourDateId));
    return {
      uuid: row.uuid,
      request_id: row.id,
      tour: booking.tour,
      tourists: booking.tourists,
      max_tourists: row.seats + (date?.seats ?? 0),
    };
  }

  async function arrivalInfo(requestId: number) {
    const tourists = (await loadTourists(db, [requestId])).get(requestId) ?? [];
    return toArrivalInfo(requestId, tourists);
  }
}

/** Full years between `birthday` and `day` (both YYYY-MM-DD). */
function ageOn(birthday: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthday.slice(0, 4));
  return day.slice(5) < birthday.slice(5) ? years - 1 : years;
}
