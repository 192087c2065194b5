/**
 * The private tour-program PDF (decision 029): the programme as the organizer's staff and support
 * see it, with every date's seats, prepayment terms and net prices, and, when asked, the
 * individual offers with their clients and notes. Rendered with pdfkit and an embedded DejaVu
 * TTF (pdfkit's built-in fonts garble non-ASCII text), then stored as a private upload.
 */
import { Readable } from 'node:stream';
import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { organizers, tourDates, tourPrograms, uploads } from '#src/db/schema/index.ts';
import type { TourRow } from '#src/modules/catalog/tour-card.ts';
import {
  newPublicId,
  uploadedFileUrl,
  type UploadRow,
  type UploadStore,
} from '#src/modules/uploads/index.ts';
import { openPdf } from '#src/pdf/pdf-document.ts';
import { writeInclusions, writeProgramme } from '#src/pdf/programme-sections.ts';
import { individualOffers } from './private.ts';

/** Generous: a long programme with many dates stays far below it. */
const PDF_LIMIT_BYTES = 20 * 1024 * 1024;

const money = (minor: number, currency: string) =>
  `${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })} ${currency}`;

const purposeOf = (tourId: number, individual: boolean) =>
  `${individual ? 'tour-program-individual' : 'tour-program'}:${tourId}`;

export interface ProgramPdfInput {
  tour: TourRow;
  individual: boolean;
  today: string;
}

/** The PDF's bytes. */
async function renderProgramPdf(db: Database, input: ProgramPdfInput): Promise<Buffer> {
  const { tour, individual, today } = input;
  const [[organizer], [program], dates, offers] = await Promise.all([
    db
      .select({ name: organizers.name, email: organizers.email, phone: organizers.phone })
      .from(organizers)
      .where(eq(organizers.id, tour.organizerId)),
    db.select().from(tourPrograms).where(eq(tourPrograms.tourId, tour.id)).limit(1),
    db
      .select()
      .from(tourDates)
      // The offers' own dates are listed as offers (decision 181).
      .where(and(eq(tourDates.tourId, tour.id), isNull(tourDates.individualTourUuid)))
      .orderBy(asc(tourDates.startDate), asc(tourDates.id)),
    individual ? individualOffers(db, [tour.id], today) : Promise.resolve([]),
  ]);

  const pdf = await openPdf({
    title: `${tour.name}: programme`,
    subject: 'Private tour programme',
  });
  const { doc, heading, line } = pdf;

  doc.font('bold').fontSize(20).text(tour.name);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#793DFC')
    .text('Private: for the organizer and Gallop staff');
  doc.fillColor('black');
  line(
    `${tour.duration} days · difficulty ${tour.difficulty} of 4 · up to ${tour.maxGroupSize} riders · from age ${tour.minAge} · ${tour.accommodation}, ${tour.comfort}`,
  );
  if (organizer) {
    line(
      `Organizer: ${organizer.name}${organizer.email ? ` · ${organizer.email}` : ''}${organizer.phone ? ` · ${organizer.phone}` : ''}`,
    );
  }
  line(`Published on the site: ${tour.isPublished ? 'yes' : 'no'}`);

  heading('Dates and prices');
  const upcoming = dates.filter((date) => date.startDate >= today);
  if (upcoming.length === 0) line('No upcoming dates.');
  for (const date of upcoming) {
    const prepayment =
      date.prepaymentType === 'percent'
        ? `prepayment ${date.prepaymentSize ?? 0}%`
        : date.prepaymentType === 'fixed'
          ? `prepayment ${money(date.prepaymentSize ?? 0, date.currency)}`
          : 'no prepayment';
    line(
      `${date.startDate} – ${date.endDate}${date.variantName ? ` (${date.variantName})` : ''}: ${money(date.price, date.currency)}` +
        `${date.price !== date.priceWithoutDiscount ? ` (list ${money(date.priceWithoutDiscount, date.currency)})` : ''}` +
        ` · ${date.numberOfFreeSeats} of ${date.numberOfSeats} seats free · ${prepayment}` +
        `${date.fullPaymentDays !== null ? `, balance ${date.fullPaymentDays} days before` : ''}` +
        `${date.isBusy ? ' · closed for booking' : ''}${date.notGuaranteed ? ' · not guaranteed' : ''}`,
    );
  }

  if (individual) {
    heading('Individual offers');
    if (offers.length === 0) line('No upcoming individual offers.');
    for (const offer of offers) {
      line(`${offer.startDate}: ${offer.clientName}, ${money(offer.price, offer.currency)}`);
      if (offer.note)
        doc.font('regular').fontSize(9).fillColor('#555555').text(offer.note).fillColor('black');
    }
  }

  writeProgramme(pdf, program?.days ?? [], tour.description);
  writeInclusions(pdf, tour.included, tour.notIncluded);
  return pdf.finish();
}

/** Renders the PDF and stores it as a private upload of `userId`. */
export async function generateProgramPdf(
  db: Database,
  store: UploadStore,
  input: ProgramPdfInput & { userId: number; ip: string },
): Promise<UploadRow> {
  const bytes = await renderProgramPdf(db, input);
  const received = await store.receive(Readable.from([bytes]), PDF_LIMIT_BYTES);
  await store.commit(received);
  const [row] = await db
    .insert(uploads)
    .values({
      publicId: newPublicId(),
      kind: 'file',
      purpose: purposeOf(input.tour.id, input.individual),
      ownerUserId: input.userId,
      originalName: `${input.tour.slug}-programme${input.individual ? '-individual' : ''}.pdf`,
      mime: 'application/pdf',
      extension: 'pdf',
      size: received.size,
      sha256: received.sha256,
      isPublic: false,
      uploaderIp: input.ip,
    })
    .returning();
  return row!;
}

/** A stored PDF older than this is rendered again (dates, seats and prices move). */
const PROGRAM_PDF_MAX_AGE_MS = 60 * 60_000;

/** The latest programme PDF generated for a tour (either kind) within the last hour, if any. */
export async function recentProgramPdf(db: Database, tourId: number, now = Date.now()) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.kind, 'file'),
        inArray(uploads.purpose, [purposeOf(tourId, false), purposeOf(tourId, true)]),
        gt(uploads.createdAt, new Date(now - PROGRAM_PDF_MAX_AGE_MS)),
      ),
    )
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(1);
  return row;
}

export const toPdf = (row: UploadRow) => ({ url: uploadedFileUrl(row), ready: true });
