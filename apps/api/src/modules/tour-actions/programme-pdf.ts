/**
 * The tour programme a traveller orders (by e-mail, WhatsApp or by following the tour), as a PDF:
 * the tour's facts, its upcoming dates and variants with prices in the traveller's currency, the
 * payment terms and cancellation policy, the day-by-day programme and what the price includes.
 * Data in (the tour page as the site shows it), bytes out; pdfkit with the embedded font of
 * `#src/pdf/pdf-document.ts`.
 */
import type { components } from '@gallop/api-client';
import { daysUntil } from '@gallop/booking-rules';
import { formatPrice } from '@gallop/currency';
import { openPdf } from '#src/pdf/pdf-document.ts';
import { writeInclusions, writeProgramme } from '#src/pdf/programme-sections.ts';
import { tourUrl } from './messages.ts';

type Tour = components['schemas']['Tour'];
type TourDate = components['schemas']['TourDate'];

/** Dates listed in the document; a tour with more (daily excursions) links to the rest. */
const PROGRAMME_PDF_DATES = 40;

const BRAND = '#793DFC';
const MUTED = '#5F6368';

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (iso: string) => DAY_FORMAT.format(new Date(`${iso}T00:00:00Z`));
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

const DIFFICULTY: Record<number, string> = {
  1: 'easy',
  2: 'moderate',
  3: 'challenging',
  4: 'extreme',
};

export const programmeFileName = (slug: string) => `${slug}-programme.pdf`;

/** "12 Jul 2027 – 18 Jul 2027 · Private room · flight included". */
function dateHeading(date: TourDate): string {
  return [
    `${day(date.start)} – ${day(date.end)}`,
    date.variant_name,
    date.flight_included ? 'flight included' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * How the prepayment of a date works, in the tour page's words (`formatPrepayment` of
 * apps/web/src/lib/tour-format.ts): a fixed prepayment is per person; none, or one of zero, is
 * "no prepayment"; within the full-payment days of the start the whole price is paid at once.
 */
function prepaymentTerms(date: TourDate, today: string): string | undefined {
  const fullPaymentDays = date.full_payment_days;
  if (
    fullPaymentDays !== null &&
    fullPaymentDays !== undefined &&
    daysUntil(date.start, today) <= fullPaymentDays
  ) {
    return `pay in full when booking: the trip starts within ${days(fullPaymentDays)}`;
  }
  const rest =
    fullPaymentDays === null || fullPaymentDays === undefined
      ? ''
      : `, the rest ${days(fullPaymentDays)} before the start`;
  const size = date.prepayment_size ?? 0;
  const type = date.prepayment_type;
  if (type === 'none' || ((type === 'percent' || type === 'fixed') && !size)) {
    return 'no prepayment: pay in full before the start';
  }
  if (type === 'percent') return `prepayment ${size}%${rest}`;
  if (type === 'fixed') return `prepayment ${formatPrice(size, date.currency)} per person${rest}`;
  return undefined;
}

/** Price, discount, seats and payment terms of a date, in the date's (the reader's) currency. */
function dateTerms(date: TourDate, today: string): string {
  const money = (amount: number) => formatPrice(amount, date.currency);
  const was =
    date.price_without_discount !== undefined && date.price_without_discount > date.price
      ? ` (instead of ${money(date.price_without_discount)})`
      : '';
  const seats = date.is_busy
    ? 'not bookable'
    : date.number_of_free_seats === 0
      ? 'sold out'
      : date.number_of_free_seats === undefined
        ? undefined
        : `${date.number_of_free_seats} of ${date.number_of_seats ?? date.number_of_free_seats} places free`;
  return [
    `${money(date.price)} per person${was}`,
    seats,
    prepaymentTerms(date, today),
    date.not_guaranteed ? 'runs once enough riders book' : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

export interface ProgrammePdfOptions {
  /** The site's address, for links to the tour page. */
  publicUrl: string;
  /** The day the prices are quoted (YYYY-MM-DD). */
  today: string;
  /** Deflate the page streams (default true); tests turn it off to read the text. */
  compress?: boolean;
}

/** The document's bytes. */
export async function renderProgrammePdf(
  tour: Tour,
  { publicUrl, today, compress }: ProgrammePdfOptions,
): Promise<Buffer> {
  const pdf = await openPdf({
    title: `${tour.name}: the tour programme`,
    subject: 'Tour programme, dates and prices',
    ...(compress === undefined ? {} : { compress }),
  });
  const { doc, heading, line } = pdf;
  const link = tourUrl(publicUrl, tour.slug);
  const muted = (text: string) =>
    void doc.font('regular').fontSize(9).fillColor(MUTED).text(text).fillColor('black');

  doc.font('bold').fontSize(9).fillColor(BRAND).text('Gallop · tour programme');
  doc.fillColor('black').moveDown(0.3).font('bold').fontSize(20).text(tour.name);
  const places = (tour.countries ?? []).map((country) => country.name).join(', ');
  line(
    [
      places,
      days(tour.duration),
      tour.difficulty ? `difficulty: ${DIFFICULTY[tour.difficulty]}` : undefined,
      tour.max_group_size ? `up to ${tour.max_group_size} in the group` : undefined,
      tour.min_age ? `from age ${tour.min_age}` : undefined,
    ]
      .filter(Boolean)
      .join(' · '),
  );
  if (tour.start_city) line(`Starts in ${tour.start_city.name}`);
  if (tour.organizer) line(`Organizer: ${tour.organizer.name}`);
  doc.fillColor(BRAND).text(link, { link, underline: true }).fillColor('black');

  heading('Dates and prices');
  const upcoming = tour.dates.slice(0, PROGRAMME_PDF_DATES);
  if (upcoming.length === 0)
    line('No dates are open right now: new ones are announced on the site.');
  for (const date of upcoming) {
    doc.moveDown(0.3).font('bold').fontSize(10).text(dateHeading(date));
    line(dateTerms(date, today));
  }
  if (tour.dates.length > upcoming.length) {
    line(`And ${tour.dates.length - upcoming.length} more dates on the tour page.`);
  }
  muted(
    `Prices on ${day(today)}, per person in ${tour.currency}; seats and prices change as riders book.`,
  );

  if (tour.cancellation_policy) {
    heading(`Cancellation policy: ${tour.cancellation_policy.title}`);
    for (const text of tour.cancellation_policy.lines) line(`• ${text}`);
  }

  writeProgramme(pdf, tour.program ?? [], tour.description);
  writeInclusions(pdf, tour.included ?? [], tour.not_included ?? []);

  doc.moveDown(1);
  muted(`Questions, and booking: ${link}`);
  return pdf.finish();
}
