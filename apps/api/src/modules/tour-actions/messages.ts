/**
 * The texts the tour actions put in the outbox. Plain text: the transport decides how to send it
 * (the default one writes it to the log; see docs/operations.md).
 */
import type { StoredProgramDay } from '#src/db/schema/index.ts';

export interface ProgrammeTour {
  name: string;
  slug: string;
  duration: number;
  days: readonly StoredProgramDay[];
}

/** The tour's page on the public site. */
export function tourUrl(publicUrl: string, slug: string): string {
  return new URL(`/${slug}`, publicUrl).toString();
}

/** The last lines of an e-mail to a follower: why it came, and the link that stops them. */
export function followerFooter(unfollowUrl: string): string[] {
  return [
    'You get this e-mail because you followed this tour on Gallop.',
    `Stop e-mails about this tour: ${unfollowUrl}`,
  ];
}

/**
 * The programme of a tour as a message: its days, the PDF that comes with it (dates, prices and
 * the cancellation policy), and where to book. A follower's copy (`unfollowUrl`) says that new
 * dates will follow, and how to stop them.
 */
export function programmeMessage(
  tour: ProgrammeTour,
  publicUrl: string,
  unfollowUrl?: string,
): { subject: string; body: string } {
  const days = tour.days.map((day) => `Day ${day.day}. ${day.title}\n${day.description}`);
  return {
    subject: `${tour.name}: the tour programme`,
    body: [
      `${tour.name} (${tour.duration} ${tour.duration === 1 ? 'day' : 'days'})`,
      '',
      'The attached PDF has the whole programme with the dates, prices, payment terms and the cancellation policy.',
      '',
      ...(days.length > 0
        ? days.flatMap((day) => [day, ''])
        : ['The day-by-day programme is on the tour page.', '']),
      `Dates, prices and booking: ${tourUrl(publicUrl, tour.slug)}`,
      ...(unfollowUrl
        ? ['', 'We will write when new dates open.', ...followerFooter(unfollowUrl)]
        : []),
    ].join('\n'),
  };
}
