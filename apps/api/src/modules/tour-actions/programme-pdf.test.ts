import type { components } from '@gallop/api-client';
import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tours } from '#src/db/schema/index.ts';
import { pdfText } from '#src/pdf/testing.ts';
import { todayIso } from '#src/shared/dates.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { renderProgrammePdf } from './programme-pdf.ts';

type Tour = components['schemas']['Tour'];
type TourDate = components['schemas']['TourDate'];

let testApp: TestApp;
let tour: Tour;

/** A seeded tour with upcoming dates, as its page shows it in euros. */
beforeAll(async () => {
  testApp = await buildTestApp();
  const [dated] = await testApp.database.db
    .select({ slug: tours.slug })
    .from(tours)
    .where(and(eq(tours.isPublished, true), gte(tours.nextStartDate, todayIso())))
    .orderBy(asc(tours.id))
    .limit(1);
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/spa/tour?slug=${dated!.slug}&expand_program=1`,
    headers: { 'x-currency': 'EUR' },
  });
  tour = expectContractResponse(response, 'getTour') as Tour;
});
afterAll(() => testApp.close());

/** The PDF's text for the tour with only `date`, quoted on `today`. */
async function textWith(date: Partial<TourDate>, today: string): Promise<string> {
  const first = tour.dates[0]!;
  const only = { ...first, currency: 'EUR', start: '2027-07-12', end: '2027-07-18', ...date };
  const pdf = await renderProgrammePdf(
    { ...tour, dates: [only] },
    { publicUrl: 'https://gallop.example', today, compress: false },
  );
  // One text object per wrapped line: joined, the terms read as one sentence.
  return pdfText(pdf).replace(/\s+/g, ' ');
}

// The tour page's wording for the same terms: `formatPrepayment` (apps/web/src/lib/tour-format.ts).
describe('the programme PDF names the prepayment as the tour page does', () => {
  const MONTHS_BEFORE = '2027-03-01';

  it('says a fixed prepayment is per person, with when the rest is due', async () => {
    const text = await textWith(
      {
        price: 1200,
        prepayment_type: 'fixed',
        prepayment_size: 72,
        full_payment_days: 60,
      },
      MONTHS_BEFORE,
    );
    expect(text).toContain('€1,200 per person');
    expect(text).toContain('prepayment €72 per person, the rest 60 days before the start');
  });

  it('gives a percentage as a share of the price', async () => {
    const text = await textWith(
      { prepayment_type: 'percent', prepayment_size: 30, full_payment_days: null },
      MONTHS_BEFORE,
    );
    expect(text).toContain('prepayment 30%');
    expect(text).not.toContain('prepayment 30% per person');
  });

  it('says there is none when the date asks for none or for nothing', async () => {
    for (const date of [
      { prepayment_type: 'none', prepayment_size: null },
      { prepayment_type: 'fixed', prepayment_size: 0 },
      { prepayment_type: 'percent', prepayment_size: 0 },
    ] as const) {
      const text = await textWith({ ...date, full_payment_days: 30 }, MONTHS_BEFORE);
      expect(text).toContain('no prepayment: pay in full before the start');
      expect(text).not.toMatch(/prepayment (€0|0%)/);
    }
  });

  it('asks for the whole price at once within the full-payment days of the start', async () => {
    const terms = { prepayment_type: 'fixed', prepayment_size: 72, full_payment_days: 14 } as const;
    // 14 days before the start is the window's last day; the day before is outside it.
    expect(await textWith(terms, '2027-06-28')).toContain(
      'pay in full when booking: the trip starts within 14 days',
    );
    expect(await textWith(terms, '2027-06-27')).toContain(
      'prepayment €72 per person, the rest 14 days before the start',
    );
  });
});
