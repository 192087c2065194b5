/**
 * Creating a booking request (decisions: "create a booking request", "Money", "Guest bookings";
 * decisions 089, 091, 111, 118). The tour, the party and the date are checked first; then one
 * transaction takes the date's places, inserts the booking and its riders and queues the
 * notices, made safe to retry by `../../http/idempotency.ts`. Refusals are the `HttpError`s the
 * handler answers (404, 409, 422).
 *
 * Guaranteed dates are confirmed at once (status 2, pending prepayment); dates the organizer has
 * not guaranteed wait for the organizer (status 1). A booking is priced in the currency the
 * traveller sees, fixed at creation. A guest's booking joins an account only once its contact
 * e-mail is proven with a one-time code; until then it holds few seats for a short time.
 */
import type { components } from '@gallop/api-client';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  bookingTourists,
  organizers,
  outbox,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import { createOnce, fingerprintOf, savedAnswer } from '#src/http/idempotency.ts';
import { inCurrency, quote, tiersOf, type DatePricing } from '@gallop/booking-rules';
import { offerDate, publicTour } from '#src/modules/catalog/index.ts';
import { normalizeEmail } from '#src/modules/sessions/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { convertAmount, toDisplayPrice, type Rates } from '#src/shared/money/rates.ts';
import { refuseInexactAmounts } from './amounts.ts';
import { travellerView, type BookingSettings } from './booking-settings.ts';
import {
  bookingUser,
  GUEST_HOLD_MINUTES,
  holderStanding,
  refuseGuestDateOverHold,
  refuseGuestOverHold,
} from './guests.ts';
import { bookingReceivedMessage, guaranteeWording, newBookingChatLine } from './messages.ts';
import { tellNewBookingInChat } from './notices.ts';
import { newRequestForOrganizer } from './organizer-answers.ts';
import {
  findRequest,
  holdEndsAt,
  STATUS,
  toBookingRequest,
  type BookingRequest,
} from './records.ts';
import { placesFor, placesShortError, refuseNonRiders, refuseOverweight } from './rider-places.ts';
import { takePlaces, type Places } from './seats.ts';
import { displayDay } from './wording.ts';
import { refuseBlankNames, refuseOutsideRidingAges, touristValues } from './tourists.ts';
import { guaranteeIfReached, type Transaction } from './transitions.ts';

const DATE_CLOSED = 'This date can no longer be booked';

/**
 * 409 when the date was called off as a whole (decision 148), or is not guaranteed and its
 * decision day has passed (the booking job calls it off). Checked before the transaction, and
 * again on the row the booking's seat update locked: a booking that waited for the date's lock
 * behind its cancellation is refused, never left on a cancelled date.
 */
function refuseCalledOff(
  date: Pick<TourDate, 'cancelledAt' | 'notGuaranteed' | 'decisionDate'>,
  today: string,
): void {
  // A date called off after its decision day passed (the booking job's call-off) was not the
  // organizer's cancel: its reason is the missed decision day.
  const { decisionDate } = date;
  const cancelledOn = date.cancelledAt === null ? undefined : todayIso(date.cancelledAt);
  const decisionPassed =
    date.notGuaranteed &&
    decisionDate !== null &&
    (decisionDate < today || (cancelledOn !== undefined && decisionDate < cancelledOn));
  if (decisionPassed) {
    throw new HttpError(
      409,
      `This date can no longer be booked: the organizer did not confirm it by ${displayDay(decisionDate)}`,
    );
  }
  if (date.cancelledAt !== null) {
    throw new HttpError(
      409,
      'This date was cancelled by the organizer and can no longer be booked',
    );
  }
}

/**
 * Until when the organizer may answer a request made at `createdAt`: the response deadline,
 * but never after the end of the date's decision day (decision 148).
 */
function respondByOf(
  date: Pick<TourDate, 'decisionDate'>,
  createdAt: Date,
  responseDeadlineHours: number,
): Date {
  const deadline = createdAt.getTime() + responseDeadlineHours * 3_600_000;
  if (date.decisionDate === null) return new Date(deadline);
  const decisionDayEnd = Date.parse(`${date.decisionDate}T00:00:00Z`) + 86_400_000;
  return new Date(Math.min(deadline, decisionDayEnd));
}
const CHOOSE_A_DATE = 'Choose a date';
const UNKNOWN_OFFER = 'This offer is not one of this tour';
const BOTH_DATE_AND_OFFER = 'Book either a date or an individual offer, not both';

export interface CreationSettings extends BookingSettings {
  /** Hours an organizer has to answer a request (`RESPONSE_DEADLINE_HOURS`). */
  responseDeadlineHours: number;
  /** Signs the organizer's Confirm and Decline links (read when used). */
  bookingLinkSecret: () => string;
}

/** One booking form as sent, and who sent it in which currency. */
export interface CreationInput {
  body: components['schemas']['BookingRequestInput'];
  /** The signed-in traveller; undefined for a guest. */
  signedUserId: number | undefined;
  /** The currency the traveller sees (`X-Currency`), and the rates it is read with. */
  currency: string;
  rates: Rates;
  /** The `Idempotency-Key` header, if sent. */
  idempotencyKey: string | undefined;
}

export interface BookingCreation {
  /** The answer of a booking this key already made: a retry, answered before any check. */
  replayed: () => Promise<BookingRequest | undefined>;
  /**
   * Checks the form and creates the booking, once per key; its answer (status 201). `admit`
   * counts the request against a limit once it is the one to book (a retry in flight is not).
   */
  create: (admit?: () => Promise<void>) => Promise<BookingRequest>;
}

type BookableTour = Awaited<ReturnType<typeof bookableTour>>;
type TourDate = typeof tourDates.$inferSelect;

/** Everything the form asks for, checked against the tour and date before the transaction. */
interface CheckedBooking {
  tour: BookableTour;
  date: TourDate;
  tourists: ReturnType<typeof touristValues>[];
  riders: number;
  nonRiders: number;
  places: Places;
  price: { price: number; prepayment: number | null };
  /** The date's prepayment terms in the booking's currency: the booking keeps them. */
  terms: Pick<DatePricing, 'prepaymentType' | 'prepaymentSize'>;
  nonRiderPrice: number | null;
  contactName: string;
  contactEmail: string;
}

export function bookingCreation(settings: CreationSettings, input: CreationInput): BookingCreation {
  const { db } = settings;
  const { body, currency, rates } = input;
  const idempotent = {
    db,
    scope: 'createBookingRequest',
    // A guest's key is their address's: another guest sending it books for themselves.
    owner:
      input.signedUserId === undefined
        ? `guest:${fingerprintOf({ email: normalizeEmail(body.contact.email) })}`
        : `user:${input.signedUserId}`,
    key: input.idempotencyKey,
    fingerprint: fingerprintOf({ user: input.signedUserId ?? null, currency, body }),
    answer: async (id: number) =>
      toBookingRequest(db, (await findRequest(db, id))!, travellerView(settings, currency, rates)),
  };
  return {
    replayed: async () => (await savedAnswer(idempotent))?.body,
    async create(admit) {
      const checked = await checkedBooking(db, input, todayIso(settings.now()));
      const created = await createOnce({
        ...idempotent,
        admit,
        statusCode: 201,
        create: (tx) => insertBooking(tx, settings, input, checked),
      });
      return created.body;
    },
  };
}

/**
 * The tour booked, with what its checks and notices read; 404 when it has no page: unpublished,
 * or its organizer hidden (`publicTour`, the catalogue's own rule).
 */
async function bookableTour(db: Database, tourId: number) {
  const [tour] = await db
    .select({
      id: tours.id,
      name: tours.name,
      minAge: tours.minAge,
      minRidingAge: tours.minRidingAge,
      maxRidingAge: tours.maxRidingAge,
      maxRiderWeightKg: tours.maxRiderWeightKg,
      heavyRiderWeightKg: tours.heavyRiderWeightKg,
      nonRidersWelcome: tours.nonRidersWelcome,
      cancellationPolicy: tours.cancellationPolicy,
      organizerId: organizers.id,
      organizerName: organizers.name,
      organizerEmail: organizers.email,
    })
    .from(tours)
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .where(and(eq(tours.id, tourId), publicTour()));
  if (!tour) throw notFound('Tour not found');
  return tour;
}

/** The form's contact, riders and date checked in the order the form shows its errors (422). */
async function checkedBooking(
  db: Database,
  { body, currency, rates }: CreationInput,
  today: string,
): Promise<CheckedBooking> {
  const tour = await bookableTour(db, body.tour_id);
  const contactName = body.contact.name.trim();
  if (!contactName) {
    throw unprocessable('Required field', { 'contact.name': ['Required field'] });
  }
  refuseBlankNames(body.tourists);
  const tourists = body.tourists.map((tourist) => touristValues(tourist));
  refuseOverweight(tourists, tour);
  // Non-riders take a bed, not a seat nor a horse (decision 118).
  const riders = tourists.filter((t) => t.rides);
  const nonRiders = tourists.length - riders.length;
  const places = { ...placesFor(riders, tour), nonRiders };

  // Every tour is sold by its dates, each with its seats and price: a booking without one would
  // take no seat and cost nothing. An individual offer is booked on a date of its own.
  const dateId = await bookedDateId(db, body, today);
  const date = await bookableDate(db, dateId, {
    tour,
    tourists,
    today,
    offer: body.individual_tour_uuid ?? null,
  });
  refuseNonRiders(tourists, tour, date);
  // The price the traveller saw, in their currency, in whole units (decision 089); each
  // non-rider at the date's non-rider price, converted the same way (decision 118).
  const inBookingCurrency = (minor: number) =>
    toDisplayPrice(minor, date.currency, currency, rates) * 100;
  const nonRiderPrice =
    nonRiders > 0 && date.nonRiderPrice !== null ? inBookingCurrency(date.nonRiderPrice) : null;
  const terms = inCurrency(date, inBookingCurrency);
  const price = quote(terms, riders.length, today, {
    count: nonRiders,
    price: nonRiderPrice ?? 0,
  });
  refuseInexactAmounts(currency, [price.price, price.prepayment, nonRiderPrice]);
  return {
    tour,
    date,
    tourists,
    riders: riders.length,
    nonRiders,
    places,
    price,
    terms: { prepaymentType: terms.prepaymentType, prepaymentSize: terms.prepaymentSize },
    nonRiderPrice,
    contactName,
    contactEmail: normalizeEmail(body.contact.email),
  };
}

/**
 * The id of the date the form books: its `tour_date_id`, or the date of its individual offer
 * (made on the offer's first booking, decision 181); 422 without either, or with both.
 */
async function bookedDateId(
  db: Database,
  body: CreationInput['body'],
  today: string,
): Promise<number> {
  const offer = body.individual_tour_uuid;
  if (offer === undefined) {
    if (body.tour_date_id === undefined) {
      throw unprocessable(CHOOSE_A_DATE, { tour_date_id: [CHOOSE_A_DATE] });
    }
    return body.tour_date_id;
  }
  if (body.tour_date_id !== undefined) {
    throw unprocessable(BOTH_DATE_AND_OFFER, { individual_tour_uuid: [BOTH_DATE_AND_OFFER] });
  }
  const made = await offerDate(db, { uuid: offer, tourId: body.tour_id, today });
  if (made.kind === 'unknown') {
    throw unprocessable(UNKNOWN_OFFER, { individual_tour_uuid: [UNKNOWN_OFFER] });
  }
  if (made.kind === 'passed') {
    throw unprocessable(DATE_CLOSED, { individual_tour_uuid: [DATE_CLOSED] });
  }
  return made.date.id;
}

/**
 * The tour's date asked for, still ahead, open and old enough for every rider; else 422. An
 * individual offer's date is booked through its offer only, and the offer through its date.
 */
async function bookableDate(
  db: Database,
  dateId: number,
  {
    tour,
    tourists,
    today,
    offer,
  }: Pick<CheckedBooking, 'tour' | 'tourists'> & { today: string; offer: string | null },
): Promise<TourDate> {
  const [date] = await db
    .select()
    .from(tourDates)
    .where(and(eq(tourDates.id, dateId), eq(tourDates.tourId, tour.id)));
  if (!date || date.individualTourUuid !== offer) {
    throw unprocessable(DATE_CLOSED, { tour_date_id: ['Unknown date of this tour'] });
  }
  if (date.startDate > today) refuseCalledOff(date, today);
  if (date.startDate <= today || date.isBusy) {
    throw unprocessable(DATE_CLOSED, { tour_date_id: [DATE_CLOSED] });
  }
  refuseOutsideRidingAges(tourists, tour, date.startDate);
  return date;
}

/**
 * The booking's transaction: its account, the guest's hold, the date's places, the rows and the
 * notices; answers the new booking's id.
 */
async function insertBooking(
  tx: Transaction,
  settings: CreationSettings,
  { body, signedUserId, currency, rates }: CreationInput,
  checked: CheckedBooking,
): Promise<number> {
  const { tour, date, tourists, places, contactEmail } = checked;
  const { holdHours, publicUrl } = settings;
  const userId = await bookingUser(tx, signedUserId, body.contact);
  // A guest, or an account that has proven no login: its holds are capped (decision 146).
  const { unprovenAs, contactProven } = await holderStanding(tx, userId, contactEmail);
  if (unprovenAs !== undefined) await refuseGuestOverHold(tx, unprovenAs, tourists.length);
  // Guaranteed or not is read from the date's row just locked: a date the booking before
  // this one guaranteed confirms this one at once (decision 111).
  const took = await takePlaces(tx, date.id, places);
  if (!took.taken) throw placesShortError(took, tourists, tour);
  const createdAt = settings.now();
  // The row the seat update just locked: a cancellation that held the lock first is seen here.
  const locked = {
    notGuaranteed: took.notGuaranteed ?? date.notGuaranteed,
    decisionDate: took.decisionDate !== undefined ? took.decisionDate : date.decisionDate,
    cancelledAt: took.cancelledAt !== undefined ? took.cancelledAt : date.cancelledAt,
  };
  refuseCalledOff(locked, todayIso(createdAt));
  // Under the date's row lock just taken: unproven holds on the date count one by one.
  if (unprovenAs !== undefined) {
    await refuseGuestDateOverHold(tx, date.id, {
      seats: checked.riders,
      nonRiders: checked.nonRiders,
      percent: settings.guestDateShare,
    });
  }
  const status: number =
    took.notGuaranteed === false ? STATUS.pendingPrepayment : STATUS.pendingConfirm;
  const [row] = await tx
    .insert(bookingRequests)
    .values({
      userId,
      tourId: tour.id,
      tourDateId: date.id,
      status,
      currency,
      price: checked.price.price,
      prepayment: checked.price.prepayment,
      // The terms agreed now price the prepayment when its riders change (`changeRidersIn`).
      prepaymentType: checked.terms.prepaymentType,
      prepaymentSize: checked.terms.prepaymentSize,
      sourceCurrency: date.currency,
      sourcePrice: date.price,
      exchangeRate: convertAmount(1, date.currency, currency, rates),
      holdUntil:
        userId === null ? new Date(createdAt.getTime() + GUEST_HOLD_MINUTES * 60_000) : null,
      respondBy:
        status === STATUS.pendingConfirm
          ? respondByOf(locked, createdAt, settings.responseDeadlineHours)
          : null,
      // The policy shown at checkout is the one the traveller accepts (decision 091).
      cancellationPolicy: tour.cancellationPolicy,
      cancellationTiers: [...tiersOf(tour.cancellationPolicy)],
      seats: checked.riders,
      heavyPlaces: places.heavy,
      nonRiders: checked.nonRiders,
      nonRiderPrice: checked.nonRiderPrice,
      contactName: checked.contactName,
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
  // The riders may complete the date's minimum group: it runs, and waits no more. This
  // booking's own e-mails and chat line then tell the guarantee too (one each for the moment).
  const notify = { publicUrl };
  const guarantee =
    status === STATUS.pendingConfirm
      ? await guaranteeIfReached(tx, date.id, {
          now: createdAt,
          holdHours,
          notify,
          announcingId: row!.id,
          announcedInChat: true,
        })
      : undefined;
  const told = guarantee?.told.find((one) => one.booking.id === row!.id);
  const booked = told?.booking ?? row!;
  // The traveller and the organizer can write to each other about it from the start, in the
  // conversation every later notice of the booking goes to (found if they have one); its line
  // also refreshes the organizer's open pages. A guest's booking has none until it is claimed.
  if (userId !== null) {
    await tellNewBookingInChat(
      tx,
      booked,
      { organizerId: tour.organizerId, organizerName: tour.organizerName },
      newBookingChatLine({
        request: booked,
        date,
        holdEnd: holdEndsAt(booked, holdHours),
        guaranteed:
          guarantee &&
          guaranteeWording(guarantee.date, booked, told?.confirmed ?? false, guarantee.cause),
      }),
    );
  }
  await tx.insert(outbox).values(
    bookingReceivedMessage({
      request: booked,
      tourName: tour.name,
      date,
      publicUrl,
      guestHoldMinutes: userId === null ? GUEST_HOLD_MINUTES : undefined,
      contactProven,
      holdEnd: holdEndsAt(booked, holdHours),
      guarantee,
    }),
  );
  if (tour.organizerEmail) {
    await tx.insert(outbox).values(
      newRequestForOrganizer({
        request: booked,
        tour,
        date,
        tourists,
        organizerEmail: tour.organizerEmail,
        secret: settings.bookingLinkSecret(),
        publicUrl,
        guarantee,
      }),
    );
  }
  return row!.id;
}
