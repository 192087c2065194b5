/**
 * A booking's receipt as a PDF (issue 42; decisions: "Money"): data in, bytes out, no database.
 *
 * The same document serves every state of a booking. Once anything has been paid it is titled
 * "Receipt"; before that it is a "Booking summary", since a receipt acknowledges money received
 * and there is none yet. Both list the price, what is due and by when, and the policy.
 *
 * Amounts are in the booking's own currency, to the minor unit, with the currency's symbol: what
 * is shown is what was charged (decisions: "Money").
 */
import { partyText } from '#src/modules/bookings/index.ts';
import { openPdf } from '#src/pdf/pdf-document.ts';
import { PAYMENT_TYPE_LABELS } from './payment-type-labels.ts';

interface ReceiptPayment {
  paidAt: Date;
  /** Minor units of the booking's currency. */
  amount: number;
  type: 'prepayment' | 'payment' | 'full';
  method: 'card' | 'sbp';
  cardLast4: string | null;
}

interface ReceiptRefund {
  createdAt: Date;
  amount: number;
  /** `overpaid`, `amount-changed`, `booking-closed`, `cancellation` (the `refunds` table). */
  reason: string;
  /** 1 on its way, 2 refunded by the provider. */
  status: number;
}

/** An amount still to pay, and the day it is due by (none: now, or no date is set). */
export interface ReceiptDue {
  /** `Balance due`: the document adds ` by <day>` when there is one. */
  label: string;
  amount: number;
  by: string | null;
}

export interface ReceiptInput {
  /** The receipt's own number (`receiptNumber`). */
  number: string;
  issuedAt: Date;
  booking: {
    id: number;
    status: number;
    createdAt: Date;
    contactName: string;
    contactEmail: string;
  };
  tour: { name: string; organizer: string | null; start: string | null; end: string | null };
  riders: readonly string[];
  /**
   * Companions who come along without riding (decision 118): named apart, on the price line too,
   * as every e-mail names the party ('2 riders and 1 non-rider'); none when absent.
   */
  nonRiders?: readonly string[] | undefined;
  currency: string;
  /** Minor units: the whole price, the prepayment asked first, credited, given back. */
  price: number;
  prepayment: number | null;
  paid: number;
  refunded: number;
  payments: readonly ReceiptPayment[];
  refunds: readonly ReceiptRefund[];
  due: readonly ReceiptDue[];
  /** The cancellation policy in words, one line each; the section is left out without it. */
  policy?: readonly string[] | undefined;
}

export type ReceiptTitle = 'Receipt' | 'Booking summary';

/** "Receipt" once anything has been paid, "Booking summary" before. */
export const receiptTitle = (paid: number): ReceiptTitle =>
  paid > 0 ? 'Receipt' : 'Booking summary';

/**
 * `GR-000812-3`: the booking and how many payments and refunds it had, so the same money state
 * always gives the same number and each change of it a new one.
 */
export const receiptNumber = (bookingId: number, movements: number) =>
  `GR-${String(bookingId).padStart(6, '0')}-${movements}`;

export const receiptFileName = (bookingId: number) => `gallop-receipt-${bookingId}.pdf`;

/** Russian number format for these, English (GB) for the rest: as the site shows prices. */
const RUSSIAN_FORMAT = new Set(['RUB', 'BYN', 'KZT']);

/**
 * Minor units with the currency's symbol, to the minor unit: `US$1,200.00`, `€95.50`, `JP¥12,000`
 * (a currency without minor units shows them only when an amount has some).
 */
export function formatMoney(minor: number, currency: string): string {
  const locale = RUSSIAN_FORMAT.has(currency) ? 'ru-RU' : 'en-GB';
  const digits = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits!;
  const fraction = minor % 100 !== 0 && digits < 2 ? 2 : digits;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(minor / 100);
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `12 Jul 2027` for a day (`2027-07-12`) or an instant (its UTC day). */
export const formatDay = (day: string | Date) =>
  DAY_FORMAT.format(typeof day === 'string' ? new Date(`${day}T00:00:00Z`) : day);

const STATUS_TEXTS: Record<number, string> = {
  1: 'Waiting for the organizer to confirm',
  2: 'Confirmed, waiting for payment',
  3: 'Prepayment received',
  4: 'Tour completed',
  5: 'Cancelled by the traveller',
  6: 'Cancelled by the organizer',
  7: 'Cancelled: no answer or payment in time',
  8: 'Cancelled by Gallop support',
};

const REFUND_REASONS: Record<string, string> = {
  overpaid: 'More than was due',
  'amount-changed': 'Paid before the riders changed what was due',
  'booking-closed': 'The booking was no longer open',
  cancellation: 'Cancellation',
};

const paymentMethod = (payment: ReceiptPayment) => {
  const card = payment.cardLast4 ? `•••• ${payment.cardLast4}` : '';
  return payment.method === 'sbp' ? `Fast payment${card ? ` ${card}` : ''}` : `Card ${card}`.trim();
};

const BRAND = '#793DFC';
const MUTED = '#5F6368';
const RULE = '#D0D4DA';

interface Column {
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

/** The document's bytes; `compress: false` leaves the text readable (tests). */
export async function renderReceiptPdf(
  input: ReceiptInput,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const title = receiptTitle(input.paid);
  const pdf = await openPdf({
    title: `${title} ${input.number}: booking #${input.booking.id}`,
    subject: `Gallop ${title.toLowerCase()} for booking #${input.booking.id}`,
    ...options,
  });
  const { doc } = pdf;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const money = (minor: number) => formatMoney(minor, input.currency);

  const rule = (color = RULE) => {
    const y = doc.y + 4;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.7)
      .strokeColor(color)
      .stroke();
    doc.y = y + 8;
  };

  /** One row of cells at the current line; long cells wrap and the row grows to fit. */
  const row = (
    cells: readonly string[],
    columns: readonly Column[],
    style: { font?: 'regular' | 'bold'; size?: number; color?: string } = {},
  ) => {
    doc.font(style.font ?? 'regular').fontSize(style.size ?? 10);
    const widths = columns.map((column) => column.width * width);
    // A gutter between columns; the last one ends at the margin, under the header's right edge.
    const textWidth = (index: number) => widths[index]! - (index < widths.length - 1 ? 8 : 0);
    const height = Math.max(
      ...cells.map((cell, index) => doc.heightOfString(cell, { width: textWidth(index) })),
    );
    if (doc.y + height > bottom()) doc.addPage();
    const top = doc.y;
    let x = left;
    cells.forEach((cell, index) => {
      doc.fillColor(style.color ?? 'black').text(cell, x, top, {
        width: textWidth(index),
        align: columns[index]!.align ?? 'left',
      });
      x += widths[index]!;
    });
    doc.fillColor('black');
    doc.x = left;
    doc.y = top + height + 4;
  };

  const section = (text: string) => {
    if (doc.y + 60 > bottom()) doc.addPage();
    doc.moveDown(0.9);
    doc.font('bold').fontSize(12).fillColor(BRAND).text(text, left, doc.y, { width });
    doc.fillColor('black');
    rule();
  };

  // Header: who issues it on the left, what it is on the right.
  const top = doc.y;
  doc.font('bold').fontSize(24).fillColor(BRAND).text('Gallop', left, top);
  doc.font('regular').fontSize(9).fillColor(MUTED).text('Horse-riding tours marketplace');
  const leftBottom = doc.y;
  doc
    .font('bold')
    .fontSize(20)
    .fillColor('black')
    .text(title, left, top + 2, { width, align: 'right' });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`No. ${input.number}`, { width, align: 'right' })
    .text(`Issued ${formatDay(input.issuedAt)}`, { width, align: 'right' });
  doc.fillColor('black');
  doc.x = left;
  doc.y = Math.max(doc.y, leftBottom) + 6;
  rule(BRAND);

  // The booking.
  const details: Column[] = [{ width: 0.22 }, { width: 0.78 }];
  const detail = (label: string, value: string) => {
    const y = doc.y;
    row(['', value], details);
    const after = doc.y;
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, left, y + 1, { width: 110 });
    doc.fillColor('black');
    doc.y = after;
  };
  const { booking, tour } = input;
  const status =
    booking.status === 3 && input.paid >= input.price
      ? 'Paid in full'
      : (STATUS_TEXTS[booking.status] ?? `Status ${booking.status}`);
  detail('Booking', `#${booking.id} · ${status}`);
  detail('Booked on', formatDay(booking.createdAt));
  detail('Booked by', `${booking.contactName} · ${booking.contactEmail}`);
  detail('Tour', tour.name);
  if (tour.organizer) detail('Organizer', tour.organizer);
  detail(
    'Dates',
    tour.start
      ? `${formatDay(tour.start)}${tour.end && tour.end !== tour.start ? ` – ${formatDay(tour.end)}` : ''}`
      : 'On request',
  );
  const nonRiders = input.nonRiders ?? [];
  const list = (names: readonly string[]) =>
    names.map((name, index) => `${index + 1}. ${name}`).join('\n');
  detail(
    input.riders.length === 1 ? 'Rider' : `Riders (${input.riders.length})`,
    list(input.riders),
  );
  if (nonRiders.length > 0) {
    detail(
      nonRiders.length === 1 ? 'Non-rider' : `Non-riders (${nonRiders.length})`,
      list(nonRiders),
    );
  }

  // Price.
  const amounts: Column[] = [{ width: 0.7 }, { width: 0.3, align: 'right' }];
  section('Price');
  row(
    [
      `${tour.name}, ${partyText({ seats: input.riders.length, nonRiders: nonRiders.length })}`,
      money(input.price),
    ],
    amounts,
  );
  if (input.prepayment !== null) {
    row(['of which the prepayment, paid first', money(input.prepayment)], amounts, {
      size: 9,
      color: MUTED,
    });
  }

  // Payments received.
  const table: Column[] = [
    { width: 0.2 },
    { width: 0.3 },
    { width: 0.25 },
    { width: 0.25, align: 'right' },
  ];
  section('Payments');
  if (input.payments.length === 0) {
    row(['No payments yet.'], [{ width: 1 }], { color: MUTED });
  } else {
    row(['Date', 'Payment', 'Method', 'Amount'], table, { size: 8, color: MUTED });
    for (const payment of input.payments) {
      row(
        [
          formatDay(payment.paidAt),
          PAYMENT_TYPE_LABELS[payment.type],
          paymentMethod(payment),
          money(payment.amount),
        ],
        table,
      );
    }
  }

  if (input.refunds.length > 0) {
    section('Refunds');
    row(['Date', 'Reason', 'Status', 'Amount'], table, { size: 8, color: MUTED });
    for (const refund of input.refunds) {
      row(
        [
          formatDay(refund.createdAt),
          REFUND_REASONS[refund.reason] ?? refund.reason,
          refund.status === 2 ? 'Refunded' : 'On its way',
          `−${money(refund.amount)}`,
        ],
        table,
      );
    }
  }

  // Totals, beneath the amounts column.
  section('Summary');
  row(['Total price', money(input.price)], amounts);
  row(['Paid towards the booking', money(input.paid)], amounts);
  if (input.refunded > 0) row(['Refunded to you', money(input.refunded)], amounts);
  if (input.due.length === 0) {
    rule();
    row(['Nothing more is due', money(0)], amounts, { font: 'bold', size: 11 });
  }
  for (const [index, due] of input.due.entries()) {
    if (index === 0) rule();
    row([`${due.label}${due.by ? ` by ${formatDay(due.by)}` : ''}`, money(due.amount)], amounts, {
      font: 'bold',
      size: 11,
    });
  }

  if (input.policy && input.policy.length > 0) {
    section('Cancellation policy');
    for (const line of input.policy) row([`•  ${line}`], [{ width: 1 }]);
  }

  doc.moveDown(1.5);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `All amounts are in ${input.currency}, the currency of the booking: the price was fixed in it ` +
        'when you booked, and every payment and refund is made in it, exactly as shown. ' +
        'Gallop stores no card data: only the last four digits of the card.',
      left,
      doc.y,
      { width },
    );
  return pdf.finish();
}
