import { describe, expect, it } from 'vitest';
import { pdfText } from '#src/pdf/testing.ts';
import {
  formatMoney,
  receiptNumber,
  receiptTitle,
  renderReceiptPdf,
  type ReceiptInput,
} from './receipt-pdf.ts';
import { amountsDue, type DueTerms } from './receipts.ts';

const input: ReceiptInput = {
  number: receiptNumber(812, 2),
  issuedAt: new Date('2027-06-14T10:00:00Z'),
  booking: {
    id: 812,
    status: 3,
    createdAt: new Date('2027-05-02T09:00:00Z'),
    contactName: 'Maya Hart',
    contactEmail: 'maya@example.com',
  },
  tour: {
    name: 'Altai Horse Trek',
    organizer: 'Steppe Riders',
    start: '2027-07-12',
    end: '2027-07-19',
  },
  riders: ['Maya Hart', 'Zoë Brontë'],
  currency: 'USD',
  price: 240_050,
  prepayment: 72_000,
  paid: 72_000,
  refunded: 15_000,
  payments: [
    {
      paidAt: new Date('2027-05-03T12:00:00Z'),
      amount: 87_000,
      type: 'prepayment',
      method: 'card',
      cardLast4: '4242',
    },
  ],
  refunds: [
    { createdAt: new Date('2027-05-03T12:01:00Z'), amount: 15_000, reason: 'overpaid', status: 2 },
  ],
  due: [{ label: 'Balance due', amount: 168_050, by: '2027-06-12' }],
};

describe('renderReceiptPdf', () => {
  it('writes a PDF with the booking, riders, payments, refunds and what is due', async () => {
    const bytes = await renderReceiptPdf(input, { compress: false });
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = pdfText(bytes);
    for (const expected of [
      'Receipt',
      'No. GR-000812-2',
      'Issued 14 Jun 2027',
      '#812 · Prepayment received',
      'Altai Horse Trek',
      'Steppe Riders',
      '12 Jul 2027 – 19 Jul 2027',
      '1. Maya Hart\n2. Zoë Brontë',
      'US$2,400.50',
      'Card •••• 4242',
      'US$870.00',
      'More than was due',
      '−US$150.00',
      'Balance due by 12 Jun 2027',
      'US$1,680.50',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Cancellation policy');
  });

  it('adds the cancellation policy when given, and is a booking summary before any payment', async () => {
    const text = pdfText(
      await renderReceiptPdf({
        ...input,
        paid: 0,
        payments: [],
        refunds: [],
        refunded: 0,
        policy: ['30 days or more before the start: 100% of what you paid back'],
      }),
    );
    expect(text).toContain('Booking summary');
    expect(text).toContain('No payments yet.');
    expect(text).not.toContain('Refunds');
    expect(text).toContain('Cancellation policy');
    expect(text).toContain('30 days or more before the start: 100% of what you paid back');
  });
  it('names non-riders apart from the riders, on the price line as in the e-mails', async () => {
    const text = pdfText(await renderReceiptPdf({ ...input, nonRiders: ['Ada Brontë'] }));
    expect(text).toContain('Altai Horse Trek, 2 riders and 1 non-rider');
    expect(text).toContain('Riders (2)');
    expect(text).toContain('1. Maya Hart\n2. Zoë Brontë');
    expect(text).toContain('Non-rider');
    expect(text).toContain('1. Ada Brontë');
  });
});

describe('receipt wording', () => {
  it('is titled "Receipt" only once something is paid', () => {
    expect(receiptTitle(0)).toBe('Booking summary');
    expect(receiptTitle(1)).toBe('Receipt');
  });

  it('formats amounts to the minor unit with the currency symbol', () => {
    expect(formatMoney(120_000, 'USD')).toBe('US$1,200.00');
    expect(formatMoney(9_550, 'EUR')).toBe('€95.50');
    expect(formatMoney(1_200_000, 'JPY')).toBe('JP¥12,000');
    expect(formatMoney(1_200_050, 'JPY')).toBe('JP¥12,000.50');
    expect(formatMoney(120_000, 'RUB').replace(/\s/g, ' ')).toBe('1 200,00 ₽');
  });
});

describe('amountsDue', () => {
  const terms: DueTerms = {
    status: 2,
    price: 100_000,
    prepayment: 30_000,
    paid: 0,
    start: '2027-07-12',
    fullPaymentDays: 30,
    today: '2027-05-02',
  };

  it('asks for the prepayment first, and the balance by the full-payment day', () => {
    expect(amountsDue(terms)).toEqual([
      { label: 'Prepayment due now', amount: 30_000, by: null },
      { label: 'Balance due', amount: 70_000, by: '2027-06-12' },
    ]);
    expect(amountsDue({ ...terms, status: 1 })[0]!.label).toBe('Prepayment due once confirmed');
  });

  it('asks for the rest after a prepayment, by the start when the date sets no day', () => {
    expect(amountsDue({ ...terms, status: 3, paid: 30_000, fullPaymentDays: null })).toEqual([
      { label: 'Balance due', amount: 70_000, by: '2027-07-12' },
    ]);
    expect(amountsDue({ ...terms, prepayment: null, start: null })).toEqual([
      { label: 'Amount due', amount: 100_000, by: null },
    ]);
  });

  it('asks for the rest of a prepayment that riders added since outgrew (decision 192)', () => {
    // 30,000 was paid; two riders added make the prepayment 45,000 of a 150,000 price.
    const grown = { ...terms, status: 2, price: 150_000, prepayment: 45_000, paid: 30_000 };
    expect(amountsDue(grown)).toEqual([
      { label: 'Rest of the prepayment due now', amount: 15_000, by: null },
      { label: 'Balance due', amount: 105_000, by: '2027-06-12' },
    ]);
  });

  it('asks the rest today once the full-payment day has passed, as the booking page does', () => {
    // Booked inside the full-payment window: the 12 June day is gone, so it is due now.
    expect(amountsDue({ ...terms, prepayment: null, today: '2027-06-20' })).toEqual([
      { label: 'Amount due', amount: 100_000, by: '2027-06-20' },
    ]);
  });

  it('asks nothing once paid, or of a cancelled or completed booking', () => {
    expect(amountsDue({ ...terms, status: 3, paid: 100_000 })).toEqual([]);
    for (const status of [4, 5, 6, 7, 8]) expect(amountsDue({ ...terms, status })).toEqual([]);
  });
});
