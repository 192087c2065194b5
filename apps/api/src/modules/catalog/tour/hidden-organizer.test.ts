/**
 * A hidden organizer hides its tours from every traveller's read and write, as an unpublished
 * tour is hidden (`../listed.ts`, `publicTour`; decision 097): no booking, no individual offer,
 * no programme, follow, complaint or help request about them, no question, programme, cities or
 * reviews, and no new chat. What a traveller already has keeps working: their booking is read
 * and paid, they chat about it and review it. On a scratch database, so that hiding an organizer
 * touches no other test file's catalogue (on PostgreSQL, CI, the bookings really run at once).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, exists, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  individualTours,
  organizers,
  outbox,
  reviews,
  tourCities,
  tourDates,
  tourPrograms,
  tourQuestions,
  tours,
} from '#src/db/schema/index.ts';
import { book, signUp, type TourDateRow } from '#src/modules/bookings/testing-scratch.ts';
import { TEST_CARDS } from '#src/modules/payments/index.ts';
import { submitCard } from '#src/modules/payments/testing.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { publicTour } from '../listed.ts';

let scratch: ScratchApp;
let db: Database;

beforeAll(async () => {
  scratch = await buildScratchApp('hidden_organizer', {
    PUBLIC_WRITE_LIMIT: '1000000',
    PAYMENT_SANDBOX_SECRET: 'payment-secret-for-hidden-organizer-tests',
  });
  db = scratch.scratch.handle.db;
}, 120_000);
afterAll(() => scratch?.close());

const app = () => scratch.app;
const call = contractCaller(app);

const DAY = 86_400_000;
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const uniqueEmail = () => `hidden-${randomUUID()}@example.com`;

/**
 * A public tour with a question, a programme, cities and a date two months ahead to copy (no
 * minimum age), of an organizer with an e-mail other than `except`; `guaranteed`: a date that
 * confirms a booking at once (status 2, ready to pay).
 */
async function richTour({ except, guaranteed = false }: { except?: number; guaranteed?: boolean }) {
  const [row] = await db
    .select({ tour: tours, date: tourDates })
    .from(tours)
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .innerJoin(tourDates, eq(tourDates.tourId, tours.id))
    .where(
      and(
        publicTour(),
        isNotNull(organizers.email),
        except === undefined ? undefined : ne(tours.organizerId, except),
        eq(tours.minAge, 0),
        sql`${tourDates.startDate} > current_date + 60`,
        isNull(tourDates.cancelledAt),
        isNull(tourDates.individualTourUuid),
        guaranteed ? eq(tourDates.notGuaranteed, false) : undefined,
        exists(db.select().from(tourQuestions).where(eq(tourQuestions.tourId, tours.id))),
        exists(db.select().from(tourPrograms).where(eq(tourPrograms.tourId, tours.id))),
        exists(db.select().from(tourCities).where(eq(tourCities.tourId, tours.id))),
      ),
    )
    .orderBy(asc(tours.id), asc(tourDates.id))
    .limit(1);
  if (!row) throw new Error('the scratch seed has no tour with questions, programme and dates');
  return row;
}

/** A new date of `template`'s tour, all `seats` free, so no other booking is on it. */
async function freshDate(template: TourDateRow, seats = 10): Promise<TourDateRow> {
  const { id: _id, ...values } = template;
  const [date] = await db
    .insert(tourDates)
    .values({
      ...values,
      isBusy: false,
      numberOfSeats: seats,
      numberOfFreeSeats: seats,
      heavyPlaces: 0,
      heavyPlacesFree: 0,
    })
    .returning();
  return date!;
}

const freeSeats = async (dateId: number) =>
  (await db.select().from(tourDates).where(eq(tourDates.id, dateId)))[0]!.numberOfFreeSeats;

const setOrganizerShown = (id: number, shown: boolean) =>
  db.update(organizers).set({ isPublishedOnSite: shown }).where(eq(organizers.id, id));

const mailsTo = (recipient: string) =>
  db.select().from(outbox).where(eq(outbox.recipient, recipient));

/** The traveller pays the prepayment of booking `id` through the sandbox's card page. */
async function payPrepayment(token: string, id: number) {
  const started = await call('startPayment', 'POST', '/crm/api/payment/start', {
    token,
    payload: { request_id: id, payment_type: 'prepayment', payment_method: 'card' },
  });
  expect(started.status).toBe(200);
  const paid = await submitCard(app(), started.body.redirect_url as string, TEST_CARDS.success);
  expect(paid.statusCode).toBe(303);
}

/** The visitor's calls about a tour that a tour page makes, answered for `tourId`. */
async function tourPageCalls(tourId: number, parts: { questionId: number; programId: number }) {
  const email = uniqueEmail();
  return {
    email,
    question: await call(
      'getTourQuestion',
      'GET',
      `/spa/tour-question?question_id=${parts.questionId}&tour_id=${tourId}`,
    ),
    program: await call(
      'getTourProgram',
      'GET',
      `/spa/tour-program?program_id=${parts.programId}&tour_id=${tourId}`,
    ),
    cities: await call('getToursCities', 'GET', `/spa/tours-cities?tour_id=${tourId}`),
    ticketCities: await call(
      'getTicketTourCities',
      'GET',
      `/crm/api/ticket/tour-cities?tour_id=${tourId}`,
    ),
    reviews: await call('getTourReviews', 'GET', `/spa/tour-reviews?id=${tourId}`),
  };
}

/** The visitor's writes about a tour: programme orders, a follow, a complaint, a help request. */
async function tourActions(tourId: number) {
  const email = uniqueEmail();
  return {
    email,
    byEmail: await call('orderTourProgramViaEmail', 'POST', '/spa/tour-program-order-via-email', {
      payload: { email, tour_id: tourId },
    }),
    follow: await call('subscribeTourProgram', 'POST', '/spa/subscribe-tour-program', {
      payload: { email, tour_id: tourId },
    }),
    complaint: await call('complainAboutTour', 'POST', '/crm/api/tour/complaint', {
      payload: { tour_id: tourId, text: 'The horses looked tired.' },
    }),
    help: await call('submitHelpRequest', 'POST', '/spa/submit-help-request', {
      payload: { email, message: 'Is this tour for beginners?', tour_id: tourId },
    }),
  };
}

/** Only what a refusal says: its status and its body. */
const answers = (calls: Record<string, { status: number; body: Json } | string>) =>
  Object.fromEntries(
    Object.entries(calls)
      .filter(([name]) => name !== 'email')
      .map(([name, answer]) => [name, answer]),
  );

describe("a hidden organizer's tours", () => {
  let hidden: Awaited<ReturnType<typeof richTour>>;
  let organizerId: number;
  let parts: { questionId: number; programId: number };
  /** A tour of another, published organizer that is itself unpublished: the refusals to match. */
  let unpublished: Awaited<ReturnType<typeof richTour>>;
  let unpublishedParts: { questionId: number; programId: number };
  /** Booked (and its prepayment paid) before the organizer was hidden. */
  let existing: { token: string; email: string; id: number; date: TourDateRow };
  let date: TourDateRow;
  let offer: string;

  const partsOf = async (tourId: number) => {
    const [question] = await db
      .select({ id: tourQuestions.id })
      .from(tourQuestions)
      .where(eq(tourQuestions.tourId, tourId))
      .limit(1);
    const [program] = await db
      .select({ id: tourPrograms.id })
      .from(tourPrograms)
      .where(eq(tourPrograms.tourId, tourId))
      .limit(1);
    return { questionId: question!.id, programId: program!.id };
  };

  beforeAll(async () => {
    hidden = await richTour({ guaranteed: true });
    organizerId = hidden.tour.organizerId;
    parts = await partsOf(hidden.tour.id);
    unpublished = await richTour({ except: organizerId });
    unpublishedParts = await partsOf(unpublished.tour.id);
    await db.update(tours).set({ isPublished: false }).where(eq(tours.id, unpublished.tour.id));

    // While the organizer is shown: a traveller books, and every tour-page call answers.
    const traveller = await signUp(app());
    const bookedDate = await freshDate(hidden.date);
    const booked = await book(app(), bookedDate, traveller);
    expect(booked.status).toBe(201);
    existing = { ...traveller, id: booked.body.id as number, date: bookedDate };
    const shown = await tourPageCalls(hidden.tour.id, parts);
    for (const answer of [shown.question, shown.program, shown.reviews]) {
      expect(answer.status).toBe(200);
    }
    expect(shown.cities.body.items.length).toBeGreaterThan(0);

    date = await freshDate(hidden.date);
    offer = randomUUID();
    await db.insert(individualTours).values({
      uuid: offer,
      tourId: hidden.tour.id,
      clientName: 'Maya Hart',
      startDate: isoDay(90),
      price: 123_400,
      currency: 'USD',
    });
    const offerPage = await call('getIndividualTour', 'GET', `/spa/individual-tour?uuid=${offer}`);
    expect(offerPage.status).toBe(200);

    await setOrganizerShown(organizerId, false);
  }, 120_000);

  it('books none of them: 404 as for an unpublished tour, no seat taken, nothing mailed', async () => {
    const unpublishedDate = await freshDate(unpublished.date);
    const control = await book(app(), unpublishedDate, { email: uniqueEmail() });
    expect(control).toEqual({ status: 404, body: { message: 'Tour not found' } });

    const traveller = await signUp(app());
    const refused = await book(app(), date, traveller);
    expect(refused).toEqual(control);
    // A guest, and ten bookings at once (on PostgreSQL, really at once): all refused alike.
    const guest = uniqueEmail();
    const together = await Promise.all([
      book(app(), date, { email: guest }),
      ...Array.from({ length: 10 }, () => book(app(), date, { email: uniqueEmail(), riders: 2 })),
    ]);
    expect(together).toEqual(Array(11).fill(control));
    expect(await freeSeats(date.id)).toBe(10);
    const made = await db
      .select()
      .from(bookingRequests)
      .where(eq(bookingRequests.tourDateId, date.id));
    expect(made).toEqual([]);
    expect(await mailsTo(guest)).toEqual([]);
  });

  it('shows and books none of its individual offers', async () => {
    const page = await call('getIndividualTour', 'GET', `/spa/individual-tour?uuid=${offer}`);
    expect(page).toEqual({ status: 404, body: { message: 'Individual tour not found' } });
    const booked = await book(
      app(),
      date,
      { email: uniqueEmail() },
      {
        tour_id: hidden.tour.id,
        individual_tour_uuid: offer,
        tourists: [{ first_name: 'Maya', last_name: 'Hart' }],
        contact: { name: 'Maya Hart', email: uniqueEmail(), phone: '+14155550199' },
      },
    );
    expect(booked).toEqual({ status: 404, body: { message: 'Tour not found' } });
    expect(
      await db.select().from(tourDates).where(eq(tourDates.individualTourUuid, offer)),
    ).toEqual([]);
  });

  it('takes no programme order, follow, complaint or help request about them', async () => {
    const control = await tourActions(unpublished.tour.id);
    const refused = await tourActions(hidden.tour.id);
    expect(answers(refused)).toEqual(answers(control));
    expect(refused.byEmail.status).toBe(422);
    expect(refused.byEmail.body.errors).toEqual({ tour_id: ['Tour not found'] });
    expect(refused.follow.status).toBe(422);
    expect(refused.complaint).toEqual({ status: 404, body: { message: 'Tour not found' } });
    expect(refused.help.status).toBe(422);
    // Nothing was sent to the address, not even a link to confirm the follow.
    expect(await mailsTo(refused.email)).toEqual([]);
  });

  it('answers none of their questions, programmes, cities or reviews', async () => {
    const control = await tourPageCalls(unpublished.tour.id, unpublishedParts);
    const refused = await tourPageCalls(hidden.tour.id, parts);
    expect(refused.question).toEqual({ status: 404, body: { message: 'Question not found' } });
    expect(refused.program).toEqual({ status: 404, body: { message: 'Program not found' } });
    expect(refused.cities).toEqual({ status: 200, body: { items: [] } });
    expect(refused.ticketCities).toEqual({ status: 200, body: { items: [] } });
    expect(refused.reviews).toEqual({ status: 404, body: { message: 'Tour not found' } });
    expect(answers(refused)).toEqual(answers(control));
    const all = await call(
      'listAllTourReviews',
      'GET',
      `/spa/all-tour-reviews?slug=${hidden.tour.slug}`,
    );
    expect(all).toEqual({ status: 404, body: { message: 'Tour not found' } });
  });

  it('opens no new chat with the organizer, nor about its tours', async () => {
    const stranger = await signUp(app());
    const withOrganizer = await call(
      'getChatWithOrganizer',
      'POST',
      '/crm/api/chat/get-chat-with-organizer',
      { token: stranger.token, payload: { organizer_id: organizerId, message: 'Hello?' } },
    );
    expect(withOrganizer).toEqual({ status: 404, body: { message: 'Organizer not found' } });
    const aboutTour = await call(
      'getChatWithOrganizer',
      'POST',
      '/crm/api/chat/get-chat-with-organizer',
      { token: stranger.token, payload: { organizer_id: organizerId, tour_id: hidden.tour.id } },
    );
    expect(aboutTour).toEqual(withOrganizer);
    // An unpublished tour of a shown organizer is no subject either: as a tour of another one.
    const aboutUnpublished = await call(
      'getChatWithOrganizer',
      'POST',
      '/crm/api/chat/get-chat-with-organizer',
      {
        token: stranger.token,
        payload: { organizer_id: unpublished.tour.organizerId, tour_id: unpublished.tour.id },
      },
    );
    expect(aboutUnpublished.status).toBe(422);
    expect(aboutUnpublished.body.errors).toEqual({
      tour_id: ['This tour is not run by this organizer'],
    });
  });

  it('keeps a booking made before: read, paid, chatted about and reviewed', async () => {
    const { token, id } = existing;
    const read = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${id}`, {
      token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, status: 2, tour: { id: hidden.tour.id } });

    await payPrepayment(token, id);
    const [paid] = await db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
    expect(paid!.status).toBe(3);

    // The booking's page asks the organizer about the tour booked.
    const chat = await call(
      'getChatWithOrganizer',
      'POST',
      '/crm/api/chat/get-chat-with-organizer',
      {
        token,
        payload: {
          organizer_id: organizerId,
          tour_id: hidden.tour.id,
          message: 'Where do we meet?',
          client_id: randomUUID(),
        },
      },
    );
    expect(chat.status).toBe(200);
    expect(chat.body).toMatchObject({
      organizer: { id: organizerId },
      tour: { id: hidden.tour.id },
      last_message: { message: 'Where do we meet?' },
    });
    const more = await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
      token,
      payload: { chat_id: chat.body.id, message: 'And what should we bring?' },
    });
    expect(more.status).toBe(200);

    // The trip ends: the review link still opens, and the review is taken.
    await db
      .update(tourDates)
      .set({ startDate: isoDay(-6), endDate: isoDay(-2) })
      .where(eq(tourDates.id, existing.date.id));
    const uuid = paid!.uuid;
    const invitation = await call(
      'getReviewByUuid',
      'GET',
      `/crm/api/review/get-by-uuid?uuid=${uuid}`,
    );
    expect(invitation.status).toBe(200);
    expect(invitation.body).toMatchObject({ uuid, submitted: false });
    const review = await call('submitReview', 'POST', '/crm/api/review/submit', {
      payload: { uuid, rating: 5, text: 'Wonderful horses.' },
    });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ tour_id: hidden.tour.id, rating: 5, is_verified: true });
    expect(await db.select().from(reviews).where(eq(reviews.uuid, uuid))).toHaveLength(1);
  });

  it('books its tours again once the organizer is shown again', async () => {
    await setOrganizerShown(organizerId, true);
    const booked = await book(app(), date, { email: uniqueEmail() });
    expect(booked.status).toBe(201);
    const page = await call('getIndividualTour', 'GET', `/spa/individual-tour?uuid=${offer}`);
    expect(page.status).toBe(200);
  });
});
