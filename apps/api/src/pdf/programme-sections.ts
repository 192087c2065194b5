/**
 * The sections a tour's programme PDFs share: the day-by-day programme and what the price
 * includes. The private programme (organizer and staff) and the traveller's copy (sent by e-mail)
 * both print them.
 */
import type { PdfWriter } from './pdf-document.ts';

export interface ProgrammeDayText {
  day: number;
  title: string;
  description?: string | undefined;
}

/** "Programme": each day's title and text; `fallback` (the tour's description) without days. */
export function writeProgramme(
  pdf: PdfWriter,
  days: readonly ProgrammeDayText[],
  fallback: string,
): void {
  pdf.heading('Programme');
  for (const day of days) {
    pdf.doc.moveDown(0.4).font('bold').fontSize(11).text(`Day ${day.day}. ${day.title}`);
    if (day.description) pdf.line(day.description);
  }
  if (days.length === 0) pdf.line(fallback);
}

/** "Included" and "Not included", each left out when empty. */
export function writeInclusions(
  pdf: PdfWriter,
  included: readonly string[],
  notIncluded: readonly string[],
): void {
  if (included.length > 0) {
    pdf.heading('Included');
    for (const item of included) pdf.line(`• ${item}`);
  }
  if (notIncluded.length > 0) {
    pdf.heading('Not included');
    for (const item of notIncluded) pdf.line(`• ${item}`);
  }
}
