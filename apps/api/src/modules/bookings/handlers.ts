/**
 * Booking requests (docs/product.md, States, "Booking request status"; decisions: "create a booking
 * request ... list the user's requests", "Money", "Booking lifecycle"). Handlers map HTTP to the
 * services: `booking-creation.ts` checks and creates a booking, `booking-lists.ts` lists the
 * account's bookings and their other dates, `rider-changes.ts` changes riders, `arrival-info.ts`
 * keeps their journeys, `transitions.ts` moves status, riders and seats under the booking's row
 * lock, and `../../http/idempotency.ts` makes creation safe to retry (decision 089). The
 * booking's link key (uuid) opens it without signing in.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { forbidden } from '#src/http/http-error.ts';
import { idempotencyKeyOf } from '#src/http/idempotency.ts';
import {
  assertAllowed,
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
  TOO_MANY_REQUESTS,
} from '#src/http/rate-limit.ts';
import { findSigned, findSignedOrVisitor, requireSigned } from '#src/modules/sessions/index.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { arrivalInfo, saveArrivalInfo } from './arrival-info.ts';
import { bookingCreation, type CreationSettings } from './booking-creation.ts';
import { bookingCurrency } from './booking-currency.ts';
import { listOwnRequests, otherDatesOf } from './booking-lists.ts';
import { travellerView, type LinkReader } from './booking-settings.ts';
import { cancelAndSettle } from './cancellations.ts';
import { DEFAULT_GUEST_DATE_SHARE } from './guests.ts';
import {
  answerRequest as answerRequestAs,
  requestOfToken,
  toRequestForOrganizer,
} from './organizer-answers.ts';
import type { BookingPayments } from './payments-port.ts';
import {
  DEFAULT_HOLD_HOURS,
  minor,
  ownRequest,
  requestByUuid,
  toBookingRequest,
  type RequestRow,
} from './records.ts';
import { addRiders, editableTouristsInfo, fillQuestionnaires, setRiders } from './rider-changes.ts';
import { travellerCancel } from './transitions.ts';

/** Hours an organizer has to answer a request when `RESPONSE_DEADLINE_HOURS` is not set. */
const DEFAULT_RESPONSE_HOURS = 48;

export interface BookingsDeps {
  db: Database;
  rates: RatesCache;
  content?: { publicUrl?: string | undefined } | undefined;
  /** Booking requests per visitor address in 15 minutes (default 10). */
  publicWriteLimit?: number | undefined;
  /** Percent of a date's places unproven guests may hold together (`GUEST_DATE_SHARE`, 50). */
  guestDateShare?: number | undefined;
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
/** Support cancels and answers bookings; one it made would be a traveller's (the web offers none). */
export const SUPPORT_CANNOT_BOOK = 'Support accounts cannot book tours: use a traveller account';

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
  const settings: CreationSettings = {
    db,
    now,
    holdHours,
    publicUrl,
    responseDeadlineHours: deps.responseDeadlineHours ?? DEFAULT_RESPONSE_HOURS,
    bookingLinkSecret: deps.bookingLinkSecret,
    guestDateShare: deps.guestDateShare ?? DEFAULT_GUEST_DATE_SHARE,
    payments: deps.payments,
  };

  /** The caller's view (their currency), read when the answer is built. */
  const viewOf =
    (request: FastifyRequest, reader: LinkReader = 'traveller') =>
    async () => {
      const rates = await deps.rates.get();
      return travellerView(settings, requestCurrency(request, rates), rates, reader);
    };

  const answer = async (request: FastifyRequest, row: RequestRow, reader?: LinkReader) =>
    toBookingRequest(db, row, await viewOf(request, reader)());

  /**
   * Who reads a booking by its link: the owner signed in reads it as a traveller, anyone else
   * holding the link reads no weights (decisions: "Riding", a weight is the traveller's and the
   * organizer's only).
   */
  const linkReaderOf = async (request: FastifyRequest, row: RequestRow): Promise<LinkReader> => {
    const signed = await findSigned(db, request);
    return signed !== undefined && signed.user.id === row.userId ? 'traveller' : 'link';
  };

  /** Questionnaires per booking in 15 minutes: each change e-mails the organizer. */
  const questionnaireLimiter = createRateLimiter({
    name: 'rider-questionnaires',
    limit: deps.publicWriteLimit ?? 10,
    windowMs: 15 * 60_000,
    limits: deps.rateLimits,
  });

  /**
   * The owner's rider lists (`update-tourists`) per booking in 15 minutes, like the questionnaires:
   * each change e-mails the organizer and the booking's contact address, which is whatever address
   * the booking was made with, and writes in the chat (security probe 2026-12-07: 30 renames, 30
   * e-mails to the organizer and 31 to another person's address, with the typed names in them).
   * Riders added (`add-tourists`) count against the same booking's count: each addition is told
   * the same way (30 additions of one rider: 30 × 200, 60 e-mails, 30 chat lines).
   */
  const riderListLimiter = createRateLimiter({
    name: 'rider-lists',
    limit: deps.publicWriteLimit ?? 10,
    windowMs: 15 * 60_000,
    limits: deps.rateLimits,
  });

  /**
   * Counts a change of booking `row`'s riders by its owner; true when refused (429 sent). Call it
   * only once the caller is known to be the owner: nobody else can use up a booking's count.
   */
  const riderListLimited = (row: RequestRow, request: FastifyRequest, reply: FastifyReply) =>
    limitCall(riderListLimiter, `riderList:${row.id}`, request, reply, TOO_MANY_REQUESTS);

  return {
    async createBookingRequest(request, reply) {
      // A stale token is a 401 to refresh, never a guest's booking made for a signed-in traveller.
      const signed = await findSignedOrVisitor(db, request);
      if (signed?.user.role === 'support') throw forbidden(SUPPORT_CANNOT_BOOK);
      const rates = await deps.rates.get();
      const creation = bookingCreation(settings, {
        body: request.body,
        signedUserId: signed?.user.id,
        currency: bookingCurrency(request, request.body, rates),
        rates,
        idempotencyKey: idempotencyKeyOf(request),
      });
      // A retry of a booking already made answers it again, before any limit or seat check.
      const replay = await creation.replayed();
      if (replay) return reply.code(201).send(replay);
      // Counted once the request holds its key: a retry while the first is in flight waits.
      const admit = () =>
        assertAllowed(limiter, `createBookingRequest:${request.ip}`, request, TOO_MANY_REQUESTS);
      return reply.code(201).send(await creation.create(admit));
    },

    async getBookingRequest(request) {
      const { user } = await requireSigned(db, request);
      return answer(request, await ownRequest(db, request.query.id, user.id));
    },

    async getBookingRequestByUuid(request) {
      const row = await requestByUuid(db, request.query.uuid);
      return answer(request, row, await linkReaderOf(request, row));
    },

    async listBookingRequests(request) {
      const { user } = await requireSigned(db, request);
      return listOwnRequests(db, user.id, request.query, viewOf(request));
    },

    async getBookingRequestTourDates(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.body.request_id, user.id);
      return otherDatesOf(db, row, request.body.with_variants, await viewOf(request)());
    },

    async cancelBookingRequest(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.body.id, user.id);
      const expected = request.body.expected_refund;
      const result = await cancelAndSettle(
        {
          db,
          payments: deps.payments,
          publicUrl,
          onRefundPending: (error) =>
            request.log.warn({ err: error, requestId: row.id }, 'refund left pending'),
        },
        row.id,
        travellerCancel(
          request.body.message?.trim() || null,
          now(),
          { publicUrl },
          expected === undefined ? undefined : minor(expected),
        ),
      );
      return answer(request, result.row);
    },

    async updateBookingRequestTourists(request, reply) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.query.request_id, user.id);
      if (await riderListLimited(row, request, reply)) return reply;
      return answer(request, await setRiders(settings, row, request.body.tourists, false));
    },

    async updateTouristsQuestionnaires(request, reply) {
      const row = await requestByUuid(db, request.query.uuid);
      const key = `updateTouristsQuestionnaires:${row.id}`;
      if (await limitCall(questionnaireLimiter, key, request, reply, TOO_MANY_REQUESTS))
        return reply;
      const reader = await linkReaderOf(request, row);
      const change = { row, id: request.query.id, body: request.body, reader };
      return fillQuestionnaires(settings, change, viewOf(request, reader));
    },

    async addTourists(request, reply) {
      const row = await requestByUuid(db, request.query.uuid);
      const signed = await findSignedOrVisitor(db, request);
      // Only the owner adds riders (`addRiders` refuses anyone else, uncounted).
      const owner = signed !== undefined && signed.user.id === row.userId;
      if (owner && (await riderListLimited(row, request, reply))) return reply;
      const added = await addRiders(
        settings,
        {
          row,
          signedUserId: signed?.user.id,
          body: request.body,
          idempotencyKey: idempotencyKeyOf(request),
        },
        viewOf(request),
      );
      return reply.code(200).send(added);
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
      const row = await requestByUuid(db, request.query.uuid);
      const reader = await linkReaderOf(request, row);
      return editableTouristsInfo(settings, row, viewOf(request, reader));
    },

    async getArrivalInfo(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.query.id, user.id);
      return arrivalInfo(db, row.id);
    },

    async saveArrivalInfo(request) {
      const { user } = await requireSigned(db, request);
      const row = await ownRequest(db, request.query.id, user.id);
      return saveArrivalInfo(settings, row, request.body);
    },
  };
}
