/**
 * The receipt PDF over HTTP (issue 42), on a scratch database: a booking paid by card gets a
 * "Receipt" with its number, amounts in its own currency and the card's last four digits; an
 * unpaid one a "Booking summary"; an unknown link key a 404.
 */
import { refundDeadlinesLine, type CancellationTier } from '@gallop/booking-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { pdfText } from '#src/pdf/testing.ts';
import { todayIso } from '#src/shared/dates.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { book, dateWithSeats, signUp } from '#src/modules/bookings/testing-scratch.ts';
import { formatDay, formatMoney } from './receipt-pdf.ts';
import { submitCard } from './testing.ts';

let scratch: ScratchApp;
const used = new Set<number>();
const db = (): Database => scratch.scratch.handle.db;

beforeAll(async () => {
  const env = { PUBLIC_URL: 'http://web.test', PAYMENT_SANDBOX_SECRET: 'receipt-tests-secret' };
  scratch = await buildScratchApp('receipts', env);
}, 120_000);
afterAll(() => scratch?.close());

/** A signed-in traveller's confirmed two-rider booking in `currency`. */
async function booking(currency: string) {
  const traveller = await signUp(scratch.app);
  const { status, body } = await book(scratch.app, await dateWithSeats(db(), 10, used), {
    ...traveller,
    riders: 2,
    currency,
  });
  expect(status).toBe(201);
  return {
    token: traveller.token,
    id: body.id as number,
    uuid: body.uuid as string,
    price: body.price as number,
    currency: body.currency as string,
  };
}

const receipt = (uuid: string) =>
  scratch.app.inject({ method: 'GET', url: `/crm/api/request/receipt?uuid=${uuid}` });

describe('GET /crm/api/request/receipt', () => {
  it('answers a paid booking with its receipt: number, amounts in its currency, card digits', async () => {
    const paid = await booking('EUR');
    expect(paid.currency).toBe('EUR');
    const started = await scratch.app.inject({
      method: 'POST',
      url: '/crm/api/payment/start',
      headers: { 'x-authorization': `Bearer ${paid.token}` },
      payload: { request_id: paid.id, payment_type: 'full', payment_method: 'card' },
    });
    expect(started.statusCode).toBe(200);
    const card = await submitCard(
      scratch.app,
      (started.json() as { redirect_url: string }).redirect_url,
      '5555555555554444',
    );
    expect(card.statusCode).toBe(303);

    const answer = await receipt(paid.uuid);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="gallop-receipt-${paid.id}.pdf"`,
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const bytes = answer.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(bytes.toString('latin1')).toContain('DejaVuSans');

    const text = pdfText(bytes);
    expect(text).toContain('Receipt');
    expect(text).not.toContain('Booking summary');
    expect(text).toContain(`#${paid.id} · Paid in full`);
    expect(text).toMatch(new RegExp(`No\\. GR-0*${paid.id}-1`));
    const amount = formatMoney(Math.round(paid.price * 100), 'EUR');
    expect(amount).toMatch(/^€[\d,]+\.\d{2}$/);
    expect(text).toContain(amount);
    expect(text).toContain('Card •••• 4444');
    expect(text).toContain('Full payment');
    expect(text).toContain('Maya Hart');
    expect(text).toContain('Rider1 Hart');
    expect(text).toContain('Nothing more is due');
    // The policy's days for this date, in UTC (decision 208).
    const read = await scratch.app.inject({
      method: 'GET',
      url: `/crm/api/request/get?id=${paid.id}`,
      headers: { 'x-authorization': `Bearer ${paid.token}` },
    });
    const { cancellation_policy: policy, tour_date: date } = read.json() as {
      cancellation_policy: { tiers: CancellationTier[] };
      tour_date: { start: string };
    };
    const days = refundDeadlinesLine(
      policy.tiers,
      date.start,
      todayIso(),
      (moment) => `00:00 UTC, ${formatDay(new Date(moment))}`,
    );
    expect(days).toMatch(/^For this date: .+ if you cancel before 00:00 UTC, \d+ \w{3} \d{4}/);
    expect(text.replace(/\s+/g, ' ')).toContain(days);
  }, 60_000);

  it('calls a booking with nothing paid a booking summary, with what is due', async () => {
    const unpaid = await booking('USD');
    const answer = await receipt(unpaid.uuid);
    expect(answer.statusCode).toBe(200);
    const text = pdfText(answer.rawPayload);
    expect(text).toContain('Booking summary');
    expect(text).not.toMatch(/^Receipt$/m);
    expect(text).toContain('No payments yet.');
    expect(text).toContain(formatMoney(Math.round(unpaid.price * 100), 'USD'));
    expect(text).toMatch(/Prepayment due now|Amount due/);
  });

  it('answers 404 JSON for an unknown link key and 400 for a malformed one', async () => {
    const unknown = await receipt('3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
    expect(unknown.json()).toMatchObject({ message: 'Booking request not found' });
    expect((await receipt('not-a-uuid')).statusCode).toBe(400);
  });
});
