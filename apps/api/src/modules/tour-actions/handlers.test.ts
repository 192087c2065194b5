import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import { publicTour } from '#src/modules/catalog/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  helpRequests,
  outbox,
  outboxAttachments,
  siteSettings,
  tourComplaints,
  tourDates,
  tourProgramRequests,
  tours,
} from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { readSiteSettings } from '#src/modules/content/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { pdfText } from '#src/pdf/testing.ts';
import { NO_WHATSAPP, WHATSAPP_UNDELIVERABLE } from './programme-orders.ts';
import { firstPublishedTour } from './testing.ts';
import { findBookableDate } from '#src/modules/bookings/testing.ts';
import { displayDates } from '#src/modules/bookings/index.ts';
import { signedUser, type SignedUser } from '#src/testing/signed-user.ts';

let testApp: TestApp;
let db: Database;
let tour: typeof tours.$inferSelect;
let supportEmail: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
  tour = await firstPublishedTour(db);
  supportEmail = (await readSiteSettings(db, ['support_email'])).support_email;
});
afterAll(() => testApp.close());

/** A unique address per call: files share one database on PostgreSQL. */
const uniqueEmail = () => `traveller-${randomUUID()}@example.com`;

async function post(
  operationId: OperationId,
  url: string,
  payload: Record<string, unknown>,
  ip = '10.0.0.1',
) {
  const response = await testApp.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  return { status: response.statusCode, body: expectContractResponse(response, operationId) };
}

async function outboxFor(recipient: string) {
  return db.select().from(outbox).where(eq(outbox.recipient, recipient));
}

/** The files queued with a message. */
async function attachmentsOf(outboxId: number) {
  return db.select().from(outboxAttachments).where(eq(outboxAttachments.outboxId, outboxId));
}

/** Runs `body` with the site offering the programme by WhatsApp or not, then restores it. */
async function withWhatsapp(offered: boolean, body: () => Promise<void>, on: Database = db) {
  const { site_tokens: tokens } = await readSiteSettings(on, ['site_tokens']);
  const write = (value: typeof tokens) =>
    on
      .insert(siteSettings)
      .values({ key: 'site_tokens', value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value } });
  await write({ ...tokens, send_tour_program_in_pdf_via_whatsapp: offered });
  try {
    await body();
  } finally {
    await write(tokens);
  }
}

describe('POST /crm/api/tour/complaint', () => {
  it('stores the complaint and tells support through the outbox', async () => {
    const text = `The meeting point is wrong ${randomUUID()}`;
    const { status, body } = await post('complainAboutTour', '/crm/api/tour/complaint', {
      tour_id: tour.id,
      text,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ result: true });
    const [stored] = await db.select().from(tourComplaints).where(eq(tourComplaints.text, text));
    expect(stored?.tourId).toBe(tour.id);
    const messages = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'tour-complaint'), eq(outbox.recipient, supportEmail)))
      .orderBy(desc(outbox.id));
    const message = messages.find((row) => row.body.startsWith(text));
    expect(message?.subject).toBe(`Complaint about ${tour.name}`);
    expect(message?.body).toContain(`/${tour.slug}`);
    expect(message?.sentAt).toBeNull();
  });

  it('answers 404 for an unknown tour and 400 for blank or missing text', async () => {
    expect(
      (
        await post('complainAboutTour', '/crm/api/tour/complaint', {
          tour_id: 99_999_999,
          text: 'x',
        })
      ).status,
    ).toBe(404);
    const blank = await post('complainAboutTour', '/crm/api/tour/complaint', {
      tour_id: tour.id,
      text: '   ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ errors: { text: ['Required field'] } });
    const missing = await post('complainAboutTour', '/crm/api/tour/complaint', {
      tour_id: tour.id,
    });
    expect(missing.status).toBe(400);
  });
});

describe('the tour programme by email, WhatsApp and subscription', () => {
  it('queues the programme to the email and answers the request id', async () => {
    const email = uniqueEmail();
    const { status, body } = await post(
      'orderTourProgramViaEmail',
      '/spa/tour-program-order-via-email',
      { email, tour_id: tour.id, currency: 'EUR' },
    );
    expect(status).toBe(200);
    const requestId = (body as { request_id: number }).request_id;
    const [stored] = await db
      .select()
      .from(tourProgramRequests)
      .where(eq(tourProgramRequests.id, requestId));
    expect(stored).toMatchObject({ tourId: tour.id, channel: 'email', email, currency: 'EUR' });
    const [message] = await outboxFor(email);
    expect(message).toMatchObject({ kind: 'tour-program', channel: 'email' });
    expect(message?.subject).toBe(`${tour.name}: the tour programme`);
    expect(message?.body).toContain('Day 1.');
    expect(message?.body).toContain(`/${tour.slug}`);
  });

  it('attaches the programme as a PDF: facts, dates and prices in the currency, policy, days', async () => {
    const [dated] = await db
      .select()
      .from(tours)
      .where(and(publicTour(), gte(tours.nextStartDate, todayIso())))
      .orderBy(asc(tours.id))
      .limit(1);
    const email = uniqueEmail();
    await post('orderTourProgramViaEmail', '/spa/tour-program-order-via-email', {
      email,
      tour_id: dated!.id,
      currency: 'EUR',
    });
    const [message] = await outboxFor(email);
    expect(message?.body).toContain('The attached PDF has the whole programme');
    const files = await attachmentsOf(message!.id);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      filename: `${dated!.slug}-programme.pdf`,
      contentType: 'application/pdf',
    });
    const pdf = files[0]!.content;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(dated!.name);
    expect(text).toContain('Dates and prices');
    expect(text).toMatch(/€[\d,]+ per person/);
    expect(text).toContain('Cancellation policy:');
    expect(text).toContain('Day 1.');
    expect(text).toContain(`/${dated!.slug}`);
  });

  it('names the variants of the dates in the PDF', async () => {
    const [variant] = await db
      .select({ tourId: tourDates.tourId })
      .from(tourDates)
      .innerJoin(tours, eq(tours.id, tourDates.tourId))
      .where(
        and(
          publicTour(),
          eq(tourDates.variantName, 'Private room'),
          gte(tourDates.startDate, todayIso()),
        ),
      )
      .orderBy(asc(tourDates.id))
      .limit(1);
    const email = uniqueEmail();
    await post('orderTourProgramViaEmail', '/spa/tour-program-order-via-email', {
      email,
      tour_id: variant!.tourId,
    });
    const [message] = await outboxFor(email);
    const [file] = await attachmentsOf(message!.id);
    const text = pdfText(file!.content);
    expect(text).toContain('· Shared room');
    expect(text).toContain('· Private room');
    expect(text).toMatch(/US\$[\d,]+ per person/);
  });

  it('sends it, with the PDF, to the phone by WhatsApp when the site offers it', async () => {
    await withWhatsapp(true, async () => {
      const phone = `+4477${String(Date.now()).slice(-8)}`;
      const { status } = await post(
        'orderTourProgramViaWhatsapp',
        '/spa/tour-program-order-via-whatsapp',
        { phone, tour_id: tour.id },
      );
      expect(status).toBe(200);
      const [message] = await outboxFor(phone);
      expect(message).toMatchObject({ kind: 'tour-program', channel: 'whatsapp' });
      expect(await attachmentsOf(message!.id)).toEqual([
        expect.objectContaining({ contentType: 'application/pdf' }),
      ]);
    });
  });

  it('refuses WhatsApp with 422 when the site sends the programme by e-mail only', async () => {
    await withWhatsapp(false, async () => {
      const phone = `+4478${String(Date.now()).slice(-8)}`;
      const { status, body } = await post(
        'orderTourProgramViaWhatsapp',
        '/spa/tour-program-order-via-whatsapp',
        { phone, email: uniqueEmail(), tour_id: tour.id },
      );
      expect(status).toBe(422);
      expect(body).toMatchObject({ message: NO_WHATSAPP, errors: { phone: [NO_WHATSAPP] } });
      expect(await outboxFor(phone)).toEqual([]);
    });
  });

  it('answers 422 for a currency the site does not price in', async () => {
    const email = uniqueEmail();
    const { status, body } = await post(
      'orderTourProgramViaEmail',
      '/spa/tour-program-order-via-email',
      { email, tour_id: tour.id, currency: 'XXX' },
    );
    expect(status).toBe(422);
    expect(body).toMatchObject({ errors: { currency: [expect.any(String)] } });
    expect(await outboxFor(email)).toEqual([]);
  });

  it('keeps a given subscriber id and makes one otherwise', async () => {
    const given = `sub-${randomUUID()}`;
    const kept = await post('subscribeTourProgram', '/spa/subscribe-tour-program', {
      email: uniqueEmail(),
      tour_id: tour.id,
      subscriber_id: given,
    });
    // An address nobody proved is asked to confirm first (`follow-confirmation.test.ts`).
    expect(kept.body).toEqual({ result: true, subscriber_id: given, following: false });
    const made = await post('subscribeTourProgram', '/spa/subscribe-tour-program', {
      email: uniqueEmail(),
      tour_id: tour.id,
    });
    expect((made.body as { subscriber_id: string }).subscriber_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects a malformed email or phone with 400 and an unknown tour with 422', async () => {
    const badEmail = await post('orderTourProgramViaEmail', '/spa/tour-program-order-via-email', {
      email: 'not-an-address',
      tour_id: tour.id,
    });
    expect(badEmail.status).toBe(400);
    const badPhone = await post(
      'orderTourProgramViaWhatsapp',
      '/spa/tour-program-order-via-whatsapp',
      { phone: '12345', tour_id: tour.id },
    );
    expect(badPhone.status).toBe(400);
    const unknown = await post('orderTourProgramViaEmail', '/spa/tour-program-order-via-email', {
      email: uniqueEmail(),
      tour_id: 99_999_999,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ errors: { tour_id: ['Tour not found'] } });
  });
});

/**
 * In production WhatsApp has no transport (decision 060): an order by WhatsApp would be stored and
 * never sent, the traveller waiting for a message that never comes. It is refused, as a sign-in
 * code by WhatsApp is, and the site tokens stop offering it, so the web shows e-mail only.
 */
describe('the programme by WhatsApp in production, where nothing delivers WhatsApp', () => {
  let production: TestApp;
  beforeAll(async () => {
    // Never connected to: test apps keep messages queued (OUTBOX_TRANSPORT=off).
    production = await buildTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay.invalid' });
  });
  afterAll(() => production.close());

  it('refuses the order with 422, stores and queues nothing, and offers e-mail only', async () => {
    const productionDb = production.database.db;
    await withWhatsapp(
      true,
      async () => {
        const phone = `+4479${String(Date.now()).slice(-8)}`;
        const response = await production.app.inject({
          method: 'POST',
          url: '/spa/tour-program-order-via-whatsapp',
          payload: { phone, email: uniqueEmail(), tour_id: tour.id },
          remoteAddress: '10.0.9.1',
        });
        expect(response.statusCode).toBe(422);
        expect(expectContractResponse(response, 'orderTourProgramViaWhatsapp')).toMatchObject({
          message: WHATSAPP_UNDELIVERABLE,
          errors: { phone: [WHATSAPP_UNDELIVERABLE] },
        });
        expect(await productionDb.select().from(outbox).where(eq(outbox.recipient, phone))).toEqual(
          [],
        );
        expect(
          await productionDb
            .select()
            .from(tourProgramRequests)
            .where(eq(tourProgramRequests.phone, phone)),
        ).toEqual([]);

        const tokens = await production.app.inject({ method: 'GET', url: '/spa/site-tokens' });
        expect(expectContractResponse(tokens, 'getSiteTokens')).toMatchObject({
          send_tour_program_in_pdf_via_whatsapp: false,
        });
        // By e-mail (SMTP is set) it still goes.
        const email = uniqueEmail();
        const byEmail = await production.app.inject({
          method: 'POST',
          url: '/spa/tour-program-order-via-email',
          payload: { email, tour_id: tour.id },
          remoteAddress: '10.0.9.1',
        });
        expect(byEmail.statusCode).toBe(200);
      },
      productionDb,
    );
  });

  it('keeps offering WhatsApp where the log stands in for it (development)', async () => {
    await withWhatsapp(true, async () => {
      const tokens = await testApp.app.inject({ method: 'GET', url: '/spa/site-tokens' });
      expect(expectContractResponse(tokens, 'getSiteTokens')).toMatchObject({
        send_tour_program_in_pdf_via_whatsapp: true,
      });
    });
  });
});

describe('POST /spa/submit-help-request', () => {
  it('needs an email or a phone to answer to', async () => {
    const { status, body } = await post('submitHelpRequest', '/spa/submit-help-request', {
      message: 'Which tour suits a beginner?',
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({
      errors: { email: ['Required field'], phone: ['Required field'] },
    });
  });

  it('stores the request and tells support', async () => {
    const email = uniqueEmail();
    const { status } = await post('submitHelpRequest', '/spa/submit-help-request', {
      name: 'Ada',
      email,
      message: 'Which tour suits a beginner?',
      tour_id: tour.id,
    });
    expect(status).toBe(200);
    const [stored] = await db.select().from(helpRequests).where(eq(helpRequests.email, email));
    expect(stored).toMatchObject({ name: 'Ada', tourId: tour.id });
    const [message] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'help-request'), eq(outbox.recipient, supportEmail)))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(message?.body).toContain(email);
  });

  it('refuses a blank message with 400 like a blank complaint, storing and sending nothing', async () => {
    const email = uniqueEmail();
    const { status, body } = await post('submitHelpRequest', '/spa/submit-help-request', {
      message: '  \n\t ',
      email,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: { message: ['Required field'] } });
    expect(await db.select().from(helpRequests).where(eq(helpRequests.email, email))).toEqual([]);
    expect((await helpMessages()).some((row) => row.body.includes(email))).toBe(false);
  });

  describe('the booking it comes with (the last_request_id cookie)', () => {
    let owner: SignedUser;
    let booking: { id: number; tourName: string; dates: string };

    beforeAll(async () => {
      owner = await signedUser(db);
      const date = await findBookableDate(db);
      const created = await testApp.app.inject({
        method: 'POST',
        url: '/crm/api/request/create',
        remoteAddress: '10.0.7.1',
        headers: { 'x-authorization': `Bearer ${owner.token}` },
        payload: {
          tour_id: date.tourId,
          tour_date_id: date.id,
          tourists: [{ first_name: 'Ada', last_name: 'Hart', weight: 60 }],
          contact: { name: 'Ada Hart', email: owner.email, phone: '+14155550199' },
        },
      });
      expect(created.statusCode).toBe(201);
      const [booked] = await db
        .select({ name: tours.name })
        .from(tours)
        .where(eq(tours.id, date.tourId));
      booking = {
        id: created.json<{ id: number }>().id,
        tourName: booked!.name,
        dates: displayDates(date.startDate, date.endDate),
      };
    });

    /** Sends a help request with the booking's id, as `token`'s account or signed out. */
    async function askWithBooking(token?: string) {
      const email = uniqueEmail();
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/spa/submit-help-request',
        remoteAddress: '10.0.7.2',
        headers: token ? { 'x-authorization': `Bearer ${token}` } : {},
        payload: { email, message: 'Can I bring my own saddle?', request_id: booking.id },
      });
      expect(response.statusCode).toBe(200);
      expectContractResponse(response, 'submitHelpRequest');
      const [stored] = await db.select().from(helpRequests).where(eq(helpRequests.email, email));
      const message = (await helpMessages()).find((row) => row.body.includes(email));
      return { stored, message };
    }

    it("names the caller's own booking to support: number, tour and dates", async () => {
      const { stored, message } = await askWithBooking(owner.token);
      expect(stored?.bookingRequestId).toBe(booking.id);
      expect(message?.body).toContain(
        `Booking #${booking.id}: "${booking.tourName}" (${booking.dates})`,
      );
      expect(message?.payload).toMatchObject({ requestId: booking.id });
    });

    it("ignores another account's booking and a signed-out caller's id, and still sends", async () => {
      const stranger = await signedUser(db);
      for (const token of [stranger.token, undefined]) {
        const { stored, message } = await askWithBooking(token);
        expect(stored?.bookingRequestId).toBeNull();
        expect(message?.body).not.toContain(`#${booking.id}`);
        expect(message?.body).not.toContain(booking.tourName);
        expect(message?.payload).toMatchObject({ requestId: null });
      }
    });
  });
});

/** The help requests queued to support, newest first. */
async function helpMessages() {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'help-request'), eq(outbox.recipient, supportEmail)))
    .orderBy(desc(outbox.id))
    .limit(50);
}

describe('rate limit', () => {
  it('answers 429 with type captcha after too many calls from one address', async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    let last: unknown;
    for (let n = 0; n < 11; n += 1) {
      const { status, body } = await post(
        'submitHelpRequest',
        '/spa/submit-help-request',
        { email: uniqueEmail(), message: `Question ${n}` },
        ip,
      );
      statuses.push(status);
      last = body;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect(last).toMatchObject({ type: 'captcha' });
  });
});
