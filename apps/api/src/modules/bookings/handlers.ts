/**
 * Booking requests (spec section 4, "Booking request status"; decisions: "create a booking
 * request ... list the user's requests"). A visitor books a date for their tourists; a guest's
 * contact finds or opens an account, so the request is theirs once they sign in. Guaranteed dates
 * are confirmed at once (status 2, pending prepayment); dates the organizer has not guaranteed wait
 * for the organizer (status 1). The booking's link key (uuid) opens it without signing in.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  bookingTourists,
  outbox,
  tourDates,
  tours,
  users,
} from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import { createRateLimiter, type RateLimiter } from '#src/http/rate-limit.ts';
import { normalizeEmail, normalizePhone } from '#src/modules/accounts/logins.ts';
import { findSigned, requireSigned } from '#src/modules/accounts/sessions.ts';
import { todayIso, toTourDate } from '#src/modules/catalog/tour-card.ts';
import { requestCurrency } from '#src/modules/money/request-currency.ts';
import type { RatesCache } from '#src/modules/money/rates.ts';
import { quote } from './pricing.ts';
import {
  ACTIVE_STATUSES,
  CONTRACT_STATUS,
  findRequestByUuid,
  loadTourists,
  ownRequest,
  STATUS,
  toBookingRequest,
  toBookingRequests,
  toTourist,
  type RequestRow,
} from './records.ts';
import { releaseSeats, takeSeats } from './seats.ts';
import { bookingReceivedMessage, bookingCanceledMessage } from './messages.ts';
import { touristValues, type TouristInput } from './tourists.ts';

export interface BookingsDeps {
  db: Database;
  rates: RatesCache;
  content?: { publicUrl?: string | undefined } | undefined;
  /** Booking requests per visitor address in 15 minutes (default 10). */
  publicWriteLimit?: number | undefined;
  limiter?: RateLimiter;
  now?: () => Date;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

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
  | 'saveArrivalInfo';

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';
const TOO_MANY = {
  message: 'Too many requests. Please confirm you are not a robot.',
  type: 'captcha',
};
const DATE_CLOSED = 'This date can no longer be booked';
const CANNOT_CHANGE = 'This booking can no longer be changed';
const gone = (message: string) => new HttpError(410, message);

const seatsLeft = (free: number) =>
  free === 0 ? 'No seats are left on this date' : `Only ${free} seat(s) left on this date`;

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
    createRateLimiter({ limit: deps.publicWriteLimit ?? 10, windowMs: 15 * 60_000 });

  async function view(request: FastifyRequest) {
    const rates = await deps.rates.get();
    return { currency: requestCurrency(request, rates), rates, now: now() };
  }

  const answer = async (request: FastifyRequest, row: RequestRow) =>
    toBookingRequest(db, row, await view(request));

  /** The request behind a link key; 404 when unknown. */
  async function byUuid(uuid: string): Promise<RequestRow> {
    const row = await findRequestByUuid(db, uuid);
    if (!row) throw notFound('Booking request not found');
    return row;
  }

  /** The request's date, when it is still ahead and the request still active; else 422. */
  async function changeableDate(row: RequestRow) {
    if (!(ACTIVE_STATUSES as readonly number[]).includes(row.status)) {
      throw unprocessable(CANNOT_CHANGE);
    }
    if (row.tourDateId === null) return undefined;
    const [date] = await db.select().from(tourDates).where(eq(tourDates.id, row.tourDateId));
    if (!date || date.startDate <= todayIso(now())) throw unprocessable(CANNOT_CHANGE);
    return date;
  }

  /**
   * Sets the tourists of `row` to `wanted` (ids update, others are added, missing ones are
   * removed), moving seats and the price with the count. A paid booking keeps its price: adding
   * people to it costs the agreed per-person price on top.
   */
  async function replaceTourists(
    row: RequestRow,
    wanted: readonly TouristInput[],
    { keepMissing }: { keepMissing: boolean },
  ): Promise<void> {
    const date = await changeableDate(row);
    const existing = (await loadTourists(db, [row.id])).get(row.id) ?? [];
    const existingIds = new Set(existing.map((tourist) => tourist.id));
    const unknown = wanted.findIndex((t) => t.id !== undefined && !existingIds.has(t.id));
    if (unknown >= 0) {
      throw unprocessable('Unknown tourist', { [`tourists.${unknown}.id`]: ['Unknown tourist'] });
    }
    const keptIds = new Set(wanted.flatMap((t) => (t.id === undefined ? [] : [t.id])));
    const removed = keepMissing ? [] : existing.filter((t) => !keptIds.has(t.id));
    if (removed.some((t) => t.position === 0)) {
      throw unprocessable('The first tourist cannot be removed', {
        tourists: ['The first tourist cannot be removed'],
      });
    }
    const total =
      existing.length - removed.length + wanted.filter((t) => t.id === undefined).length;
    const delta = total - row.seats;
    const perPerson = row.seats > 0 ? Math.round(row.price / row.seats) : 0;
    await db.transaction(async (tx: Transaction) => {
      if (date && delta > 0 && !(await takeSeats(tx, date.id, delta))) {
        throw unprocessable(seatsLeft(date.numberOfFreeSeats), {
          tourists: [seatsLeft(date.numberOfFreeSeats)],
        });
      }
      if (date && delta < 0) await releaseSeats(tx, date.id, -delta);
      if (removed.length > 0) {
        await tx.delete(bookingTourists).where(
          inArray(
            bookingTourists.id,
            removed.map((t) => t.id),
          ),
        );
      }
      let position = Math.max(-1, ...existing.map((t) => t.position));
      for (const tourist of wanted) {
        const values = touristValues(tourist);
        if (tourist.id !== undefined) {
          await tx
            .update(bookingTourists)
            .set({ ...values, isTouched: true })
            .where(eq(bookingTourists.id, tourist.id));
        } else {
          position += 1;
          await tx
            .insert(bookingTourists)
            .values({ ...values, requestId: row.id, position, isTouched: true });
        }
      }
      const price = perPerson * total;
      const requote =
        row.paid === 0 && date ? quote(date, total, todayIso(now())).prepayment : row.prepayment;
      await tx
        .update(bookingRequests)
        .set({ seats: total, price, prepayment: requote, updatedAt: new Date() })
        .where(eq(bookingRequests.id, row.id));
    });
  }

  /** The account a booking belongs to: the signed-in user, or the one behind the contact. */
  async function bookingUser(
    tx: Transaction,
    signedUserId: number | undefined,
    contact: { name: string; email: string; phone: string },
  ): Promise<number> {
    if (signedUserId !== undefined) return signedUserId;
    const email = normalizeEmail(contact.email);
    const [known] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (known) return known.id;
    const phone = normalizePhone(contact.phone);
    const [phoneTaken] = phone
      ? await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1)
      : [];
    const [created] = await tx
      .insert(users)
      .values({ ...splitName(contact.name), email, phone: phoneTaken ? null : (phone ?? null) })
      .returning({ id: users.id });
    return created!.id;
  }

  function limited(request: FastifyRequest, reply: FastifyReply) {
    if (limiter.allow(`createBookingRequest:${request.ip}`)) return undefined;
    return reply.code(429).send(TOO_MANY);
  }

  return {
    async createBookingRequest(request, reply) {
      const tooMany = limited(request, reply);
      if (tooMany) return tooMany;
      const body = request.body;
      const signed = await findSigned(db, request);
      const today = todayIso(now());
      const [tour] = await db
        .select({ id: tours.id, name: tours.name, minAge: tours.minAge })
        .from(tours)
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
          (t) => t.birthday !== null && ageOn(t.birthday, date!.startDate) < tour.minAge,
        );
        if (tooYoung >= 0) {
          const text = `Riders must be at least ${tour.minAge} on the first day`;
          throw unprocessable(text, { [`tourists.${tooYoung}.birthday`]: [text] });
        }
      }
      const price = date ? quote(date, tourists.length, today) : { price: 0, prepayment: null };
      const status = date && !date.notGuaranteed ? STATUS.pendingPrepayment : STATUS.pendingConfirm;

      const row = await db.transaction(async (tx: Transaction) => {
        if (date && !(await takeSeats(tx, date.id, tourists.length))) {
          const [fresh] = await tx
            .select({ free: tourDates.numberOfFreeSeats })
            .from(tourDates)
            .where(eq(tourDates.id, date.id));
          const text = seatsLeft(fresh?.free ?? 0);
          throw unprocessable(text, { tourists: [text] });
        }
        const userId = await bookingUser(tx, signed?.user.id, body.contact);
        const [created] = await tx
          .insert(bookingRequests)
          .values({
            userId,
            tourId: tour.id,
            tourDateId: date?.id ?? null,
            status,
            currency: date?.currency ?? 'USD',
            price: price.price,
            prepayment: price.prepayment,
            seats: tourists.length,
            contactName,
            contactEmail: normalizeEmail(body.contact.email),
            contactPhone: body.contact.phone,
            comment: body.comment?.trim() || null,
            subscriberId: body.subscriber_id ?? null,
            utm: body.utm ?? null,
          })
          .returning();
        await tx
          .insert(bookingTourists)
          .values(tourists.map((t, position) => ({ ...t, requestId: created!.id, position })));
        await tx
          .insert(outbox)
          .values(
            bookingReceivedMessage({ request: created!, tourName: tour.name, date, publicUrl }),
          );
        return created!;
      });
      return reply.code(201).send(await answer(request, row));
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
          .filter((date) => date.numberOfFreeSeats >= row.seats)
          .map((date) => toTourDate(date, context)),
      };
    },

    async cancelBookingRequest(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.body.id, user.id);
      const current = await answer(request, row);
      if (!current.can_cancel) throw unprocessable('This booking can no longer be cancelled');
      const message = request.body.message?.trim() || null;
      const [canceled] = await db.transaction(async (tx: Transaction) => {
        if (row.tourDateId !== null) await releaseSeats(tx, row.tourDateId, row.seats);
        await tx.insert(outbox).values(bookingCanceledMessage({ request: row, publicUrl }));
        return tx
          .update(bookingRequests)
          .set({
            status: STATUS.canceledByTourist,
            contractStatus:
              row.paid > 0 ? CONTRACT_STATUS.terminatedAfterPayment : CONTRACT_STATUS.noPayments,
            cancelMessage: message,
            canceledAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(bookingRequests.id, row.id))
          .returning();
      });
      return answer(request, canceled!);
    },

    async updateBookingRequestTourists(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.query.request_id, user.id);
      await replaceTourists(row, request.body.tourists, { keepMissing: false });
      return answer(request, await ownRequest(db, row.id, user.id));
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
      await replaceTourists(row, request.body.tourists, { keepMissing: true });
      return touristsInfo(request, await byUuid(row.uuid));
    },

    async addTourists(request) {
      const row = await byUuid(request.query.uuid);
      const withId = request.body.tourists.findIndex((t) => t.id !== undefined);
      if (withId >= 0) {
        throw unprocessable('Only new tourists can be added here', {
          [`tourists.${withId}.id`]: ['Only new tourists can be added here'],
        });
      }
      await replaceTourists(row, request.body.tourists, { keepMissing: true });
      return touristsInfo(request, await byUuid(row.uuid));
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
    return {
      request_id: requestId,
      tourists: tourists.map((t) => ({
        tourist_id: t.id,
        name: toTourist(t, false).full_name,
        ...(t.arrival ? { arrival: t.arrival } : {}),
        ...(t.departure ? { departure: t.departure } : {}),
      })),
    };
  }
}

/** Full years between `birthday` and `day` (both YYYY-MM-DD). */
export function ageOn(birthday: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthday.slice(0, 4));
  return day.slice(5) < birthday.slice(5) ? years - 1 : years;
}
