/**
 * What a visitor reports to the support team: a complaint about a tour, a request for help
 * choosing. Each is stored, and an e-mail about it queued to the support address in the same
 * transaction (when the site has one).
 */
import { helpRequests, outbox, tourComplaints } from '#src/db/schema/index.ts';
import type { Database } from '#src/db/client.ts';
import { HttpError, unprocessable } from '#src/http/http-error.ts';
import { ownBookingReference } from '#src/modules/bookings/index.ts';
import { readSiteSettings } from '#src/modules/content/index.ts';
import { tourUrl } from './messages.ts';
import { publishedTour, UNKNOWN_TOUR } from './published-tour.ts';

/** The transaction handle `db.transaction` passes to its callback. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a report needs: the database, and the public site its e-mail links to. */
export interface SupportReporting {
  db: Database;
  publicUrl: string;
}

/**
 * Stores a visitor's report with `store` and, in the same transaction, queues an email about
 * it to the support team (when the site has a support address).
 */
async function storeForSupport(
  db: Database,
  store: (tx: Transaction) => Promise<{ id: number }[]>,
  message: (id: number) => { kind: string; subject: string; body: string; payload: object },
): Promise<void> {
  const support = (await readSiteSettings(db, ['support_email'])).support_email;
  await db.transaction(async (tx) => {
    const [stored] = await store(tx);
    const id = stored!.id;
    if (!support) return;
    const { payload, ...text } = message(id);
    await tx.insert(outbox).values({
      channel: 'email',
      recipient: support,
      ...text,
      payload: payload as Record<string, unknown>,
    });
  });
}

/** A complaint about a published tour: 400 for an empty text, 404 for an unknown tour. */
export async function complainAboutTour(
  { db, publicUrl }: SupportReporting,
  tourId: number,
  complaint: string,
): Promise<void> {
  const text = complaint.trim();
  if (text === '') throw new HttpError(400, 'Invalid complaint', { text: ['Required field'] });
  const tour = await publishedTour(db, tourId, UNKNOWN_TOUR.notFound);
  await storeForSupport(
    db,
    (tx) =>
      tx
        .insert(tourComplaints)
        .values({ tourId: tour.id, text })
        .returning({ id: tourComplaints.id }),
    (complaintId) => ({
      kind: 'tour-complaint',
      subject: `Complaint about ${tour.name}`,
      body: `${text}\n\nTour: ${tourUrl(publicUrl, tour.slug)}`,
      payload: { tourId: tour.id, complaintId },
    }),
  );
}

export interface HelpRequest {
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  message: string;
  tourId?: number | undefined;
  bookingRequestId?: number | undefined;
  /** The signed-in caller: only their own booking is attached and named. */
  userId?: number | undefined;
}

/**
 * A request for help choosing, about a published tour or none: 400 for an empty message, 422
 * without an e-mail or phone. The booking it names is kept, and told to support, only when it is
 * the signed-in caller's; any other id (a guest's cookie, someone else's booking) is left out.
 */
export async function requestHelp(
  { db, publicUrl }: SupportReporting,
  { name, email, phone, message, tourId, bookingRequestId, userId }: HelpRequest,
): Promise<void> {
  const text = message.trim();
  if (text === '')
    throw new HttpError(400, 'Invalid help request', { message: ['Required field'] });
  // Support must be able to answer: an email or a phone is needed.
  if (!email && !phone) {
    throw unprocessable('Leave an e-mail or a phone so that we can answer', {
      email: ['Required field'],
      phone: ['Required field'],
    });
  }
  const tour = tourId === undefined ? undefined : await publishedTour(db, tourId);
  const booking =
    bookingRequestId === undefined || userId === undefined
      ? undefined
      : await ownBookingReference(db, bookingRequestId, userId);
  await storeForSupport(
    db,
    (tx) =>
      tx
        .insert(helpRequests)
        .values({
          name,
          email,
          phone,
          message: text,
          tourId: tour?.id,
          bookingRequestId: booking?.requestId,
        })
        .returning({ id: helpRequests.id }),
    (helpRequestId) => ({
      kind: 'help-request',
      subject: `Help request${name ? ` from ${name}` : ''}`,
      body: [
        text,
        '',
        `Contact: ${[email, phone].filter(Boolean).join(', ')}`,
        ...(tour ? [`Tour: ${tourUrl(publicUrl, tour.slug)}`] : []),
        ...(booking ? [booking.text] : []),
      ].join('\n'),
      payload: { helpRequestId, tourId: tour?.id ?? null, requestId: booking?.requestId ?? null },
    }),
  );
}
