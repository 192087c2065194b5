import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  bookingTourists,
  chatMessages,
  meetings,
  organizers,
  outbox,
  tours,
} from '#src/db/schema/index.ts';
import { findBookableDate } from '#src/modules/bookings/testing.ts';
import { TEST_CARDS } from '#src/modules/payments/index.ts';
import {
  compoundFile,
  pdfFile,
  pngFile,
  textAsPng,
  uploadCaller,
} from '#src/modules/uploads/testing.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { signUp } from '#src/testing/sign-up.ts';
import { displayDates } from '#src/modules/bookings/index.ts';

let testApp: TestApp;
let db: Database;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'gallop-meetings-'));
  testApp = await buildTestApp({
    UPLOADS_DIR: uploadsDir,
    PUBLIC_WRITE_LIMIT: '1000',
    PUBLIC_URL: 'http://web.test',
  });
  db = testApp.database.db;
});
afterAll(async () => {
  await testApp.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const call = contractCaller(() => testApp.app);
const upload = uploadCaller(() => testApp.app);

/** A booking of two tourists, paid on the sandbox page; answers the organizer's meet key. */
async function paidBooking() {
  const email = `meet-${randomUUID()}@example.com`;
  const session = await signUp(testApp.app, {
    email,
    firstName: 'Lena',
    lastName: 'Brandt',
    password: 'meet-at-the-gate-1',
  });
  const date = await findBookableDate(db, { organizerEmail: true });
  const [context] = await db
    .select({ tourName: tours.name, organizerEmail: organizers.email })
    .from(tours)
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .where(eq(tours.id, date.tourId));
  const token = session.token;
  const { body: booking } = await call('createBookingRequest', 'POST', '/crm/api/request/create', {
    token,
    payload: {
      tour_id: date.tourId,
      tour_date_id: date.id,
      tourists: [
        { first_name: 'Lena', last_name: 'Brandt' },
        { first_name: 'Jonas', last_name: 'Brandt' },
      ],
      contact: { name: 'Lena Brandt', email, phone: '+4915100000000' },
    },
  });
  const { body: started } = await call('startPayment', 'POST', '/crm/api/payment/start', {
    token,
    payload: { request_id: booking.id, payment_type: 'prepayment', payment_method: 'card' },
  });
  const page = new URL(started.redirect_url as string);
  const paid = await testApp.app.inject({
    method: 'POST',
    url: page.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      token: page.searchParams.get('token')!,
      card: TEST_CARDS.success,
      exp: '12/30',
      cvc: '123',
    }).toString(),
  });
  expect(paid.statusCode).toBe(303);
  const [mail] = await db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'meeting-details-requested'),
        sql`${outbox.payload}->>'requestId' = ${String(booking.id)}`,
      ),
    );
  expect(mail?.recipient).toBe(context!.organizerEmail);
  const link = new URL(/http:\/\/web\.test\/meet\?key=\S+/.exec(mail!.body)![0]);
  return {
    token,
    email,
    booking: booking as Json,
    date,
    tourName: context!.tourName,
    key: link.searchParams.get('key')!,
  };
}

const meetUrl = (operation: string, key: string) =>
  `/spa/contract-organizer-${operation}?key=${encodeURIComponent(key)}`;

describe('the meeting key', () => {
  it('is created once, when the booking is paid, and mailed to the organizer', async () => {
    const { key, booking } = await paidBooking();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db.select().from(meetings).where(eq(meetings.requestId, booking.id));
    expect(rows).toHaveLength(1);
    // Only the hash is stored.
    expect(rows[0]!.keyHash).not.toContain(key);
  });

  it('answers 404 with a message for an unknown key', async () => {
    const { status, body } = await call(
      'getContractOrganizerMeetData',
      'GET',
      meetUrl('meet-data', 'not-a-real-key-at-all'),
    );
    expect(status).toBe(404);
    expect(body.message).toMatch(/link is wrong/);
  });
});

describe('the meet page', () => {
  it('shows the tour, the tourists grouped by travel, and templates', async () => {
    const { key, booking, date, tourName } = await paidBooking();
    const arrival = {
      transport_type: 1 as const,
      airport_name: 'Lisbon',
      flight_number: 'TP123',
      date: date.startDate,
      time: '09:40',
    };
    await db
      .update(bookingTourists)
      .set({ arrival })
      .where(eq(bookingTourists.requestId, booking.id));
    const { status, body } = await call(
      'getContractOrganizerMeetData',
      'GET',
      meetUrl('meet-data', key),
    );
    expect(status).toBe(200);
    const [meeting] = await db.select().from(meetings).where(eq(meetings.requestId, booking.id));
    expect(body).toMatchObject({
      request_id: booking.id,
      contract_id: meeting!.id,
      organizer_meet_data: null,
      files: [],
      tour_data: {
        name: tourName,
        date_start: date.startDate,
        date_end: date.endDate,
        dates: displayDates(date.startDate, date.endDate),
      },
    });
    expect(body.tourists_data.data).toHaveLength(1);
    expect(body.tourists_data.data[0].arrival).toMatchObject(arrival);
    expect(body.tourists_data.data[0].tourists.map((t: Json) => t.name)).toEqual([
      'Lena Brandt',
      'Jonas Brandt',
    ]);
    expect(body.tourists_data.data[0].tourists.map((t: Json) => t.rides)).toEqual([true, true]);
    expect(body.meet_data_templates.length).toBeGreaterThanOrEqual(3);
    expect(body.meet_data_templates[0].template).toContain(tourName);
  });

  it('saves the text and files, tells the traveller, and shows them on the booking', async () => {
    const { key, booking, token, email } = await paidBooking();
    const { body: data } = await call(
      'getContractOrganizerMeetData',
      'GET',
      meetUrl('meet-data', key),
    );
    const photo = await upload('saveContractOrganizerMeetFile', meetUrl('meet-file-save', key), {
      file: await pngFile('gate.png'),
    });
    expect(photo.status).toBe(200);
    expect(photo.body).toMatchObject({ name: 'gate.png' });
    const map = await upload('saveContractOrganizerMeetFile', meetUrl('meet-file-save', key), {
      file: pdfFile('map.pdf'),
    });
    const list = await upload('saveContractOrganizerMeetFile', meetUrl('meet-file-save', key), {
      file: compoundFile('kit.xls'),
    });
    expect([map.status, list.status]).toEqual([200, 200]);

    const text = 'Meet at the green gate of the stables at 10:00. Bring boots with a heel.';
    const saved = await call('saveContractOrganizerMeet', 'POST', meetUrl('meet-save', key), {
      payload: {
        contract_id: data.contract_id,
        organizer_meet_data: `  ${text}  `,
        // The spreadsheet was removed on the page before saving.
        files: [photo.body.id, map.body.id],
      },
    });
    expect(saved).toEqual({ status: 200, body: { result: true } });

    const { body: reloaded } = await call(
      'getContractOrganizerMeetData',
      'GET',
      meetUrl('meet-data', key),
    );
    expect(reloaded.organizer_meet_data).toBe(text);
    expect(reloaded.files.map((f: Json) => f.id)).toEqual([photo.body.id, map.body.id]);
    const download = await testApp.app.inject({ method: 'GET', url: reloaded.files[1].url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');

    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail).toMatchObject({ kind: 'meeting-details-ready' });
    expect(mail!.body).toContain(text);
    expect(mail!.body).toContain(`http://web.test/booking/uuid/${booking.uuid}`);

    const own = await call('getBookingRequest', 'GET', `/crm/api/request/get?id=${booking.id}`, {
      token,
    });
    expect(own.body.meeting).toMatchObject({
      text,
      files: [{ name: 'gate.png' }, { name: 'map.pdf' }],
    });
    const byUuid = await call(
      'getBookingRequestByUuid',
      'GET',
      `/crm/api/request/get-by-uuid?uuid=${booking.uuid}`,
    );
    expect(byUuid.body.meeting.text).toBe(text);

    const again = await call('saveContractOrganizerMeet', 'POST', meetUrl('meet-save', key), {
      payload: { contract_id: data.contract_id, organizer_meet_data: `${text} Updated.` },
    });
    expect(again.status).toBe(200);
    const [update] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(update!.kind).toBe('meeting-details-updated');
    // The booking's chat says the second save changed the details, as the e-mail does.
    const lines = await db
      .select({ body: chatMessages.body })
      .from(chatMessages)
      .where(
        and(eq(chatMessages.requestId, booking.id), like(chatMessages.body, '%meeting details%')),
      )
      .orderBy(asc(chatMessages.id));
    expect(lines.map((line) => line.body)).toEqual([
      `The meeting details of booking #${booking.id} are ready: where and when to meet, and what to bring, on the booking's page.`,
      `The meeting details of booking #${booking.id} were updated: read them again on the booking's page.`,
    ]);
  });

  it('answers 404 with a clear message for another contract id, and 422 for empty text', async () => {
    const { key } = await paidBooking();
    const { body: data } = await call(
      'getContractOrganizerMeetData',
      'GET',
      meetUrl('meet-data', key),
    );
    const wrong = await call('saveContractOrganizerMeet', 'POST', meetUrl('meet-save', key), {
      payload: { contract_id: data.contract_id + 1000, organizer_meet_data: 'Meet at the gate.' },
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(
      `Contract #${data.contract_id + 1000} is not the one this link opens: reload the page and try again`,
    );
    const empty = await call('saveContractOrganizerMeet', 'POST', meetUrl('meet-save', key), {
      payload: { contract_id: data.contract_id, organizer_meet_data: '   ' },
    });
    expect(empty.status).toBe(422);
    const tooLong = await call('saveContractOrganizerMeet', 'POST', meetUrl('meet-save', key), {
      payload: { contract_id: data.contract_id, organizer_meet_data: 'x'.repeat(20_001) },
    });
    expect(tooLong.status).toBe(400);
  });

  it('answers 422 while a placeholder of the templates is left in the text', async () => {
    const { key } = await paidBooking();
    const { body: data } = await call(
      'getContractOrganizerMeetData',
      'GET',
      meetUrl('meet-data', key),
    );
    const stables = data.meet_data_templates[0].template as string;
    const unchanged = await call('saveContractOrganizerMeet', 'POST', meetUrl('meet-save', key), {
      payload: { contract_id: data.contract_id, organizer_meet_data: stables },
    });
    const message =
      'Replace [address, link to the map] and [name, phone] with your own details before saving.';
    expect(unchanged.status).toBe(422);
    expect(unchanged.body).toMatchObject({
      message,
      errors: { organizer_meet_data: [message] },
    });
    const halfDone = stables.replace('[address, link to the map]', 'Ranch Road 4, maps.app/x1');
    const partly = await call('saveContractOrganizerMeet', 'POST', meetUrl('meet-save', key), {
      payload: { contract_id: data.contract_id, organizer_meet_data: halfDone },
    });
    expect(partly.status).toBe(422);
    expect(partly.body.message).toBe('Replace [name, phone] with your own details before saving.');
    const filled = halfDone.replace('[name, phone]', 'Ana, +34 600 000 000');
    const saved = await call('saveContractOrganizerMeet', 'POST', meetUrl('meet-save', key), {
      payload: { contract_id: data.contract_id, organizer_meet_data: filled },
    });
    expect(saved).toEqual({ status: 200, body: { result: true } });
  });

  it('refuses other files, deletes own files only, and closes when the booking is cancelled', async () => {
    const first = await paidBooking();
    const second = await paidBooking();
    const refused = await upload(
      'saveContractOrganizerMeetFile',
      meetUrl('meet-file-save', first.key),
      {
        file: textAsPng(),
      },
    );
    expect(refused.status).toBe(422);
    const { body: file } = await upload(
      'saveContractOrganizerMeetFile',
      meetUrl('meet-file-save', first.key),
      {
        file: pdfFile(),
      },
    );
    const foreign = await call(
      'deleteContractOrganizerMeetFile',
      'POST',
      meetUrl('meet-delete-file', second.key),
      {
        payload: { file_id: file.id },
      },
    );
    expect(foreign.status).toBe(404);
    const deleted = await call(
      'deleteContractOrganizerMeetFile',
      'POST',
      meetUrl('meet-delete-file', first.key),
      {
        payload: { file_id: file.id },
      },
    );
    expect(deleted).toEqual({ status: 200, body: { result: true } });
    const { body: data } = await call(
      'getContractOrganizerMeetData',
      'GET',
      meetUrl('meet-data', first.key),
    );
    expect(data.files).toEqual([]);
    const served = await testApp.app.inject({ method: 'GET', url: file.url });
    expect(served.statusCode).toBe(404);

    await db
      .update(bookingRequests)
      .set({ status: 5 })
      .where(eq(bookingRequests.id, first.booking.id));
    const closed = await call(
      'getContractOrganizerMeetData',
      'GET',
      meetUrl('meet-data', first.key),
    );
    expect(closed.status).toBe(403);
  });
});

describe("the meeting's files", () => {
  it('are the booking’s own: served private, never kept by a shared cache, also resized', async () => {
    const { key } = await paidBooking();
    const map = await upload('saveContractOrganizerMeetFile', meetUrl('meet-file-save', key), {
      file: pdfFile('voucher.pdf'),
    });
    const photo = await upload('saveContractOrganizerMeetFile', meetUrl('meet-file-save', key), {
      file: await pngFile('gate.png'),
    });
    expect([map.status, photo.status]).toEqual([200, 200]);
    const download = await testApp.app.inject({ method: 'GET', url: map.body.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('private, no-store');
    const original = await testApp.app.inject({ method: 'GET', url: photo.body.url });
    expect(original.headers['cache-control']).toBe('private, no-store');
    // The same picture through the resizing pipeline (its link differs only by the folder).
    const publicId = /^\/uploads\/files\/([A-Za-z0-9_-]{24})\//.exec(photo.body.url)![1];
    const resized = await testApp.app.inject({
      method: 'GET',
      url: `/uploads/images/${publicId}/250x300.jpg`,
    });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['cache-control']).toBe('private, no-store');
  });
});

describe('displayDates', () => {
  it('writes date ranges as people read them', () => {
    expect(displayDates('2026-03-14', '2026-03-20')).toBe('14–20 March 2026');
    expect(displayDates('2026-03-28', '2026-04-03')).toBe('28 March – 3 April 2026');
    expect(displayDates('2026-12-28', '2027-01-03')).toBe('28 December 2026 – 3 January 2027');
    expect(displayDates('2026-05-01', '2026-05-01')).toBe('1 May 2026');
  });
});
