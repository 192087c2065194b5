/**
 * "Everyone is told" (decisions: "Booking lifecycle"; decision 091): every status change, rider
 * change and saved meeting detail of a booking reaches the traveller and the organizer by e-mail
 * through the outbox, and the booking's chat as a system message; a cancellation of a paid booking
 * also reaches support. The notices are written in the transaction that made the change, so a
 * change is never told without happening, nor happens without being told. Pushing the chat
 * message to connected sockets is left to the next read (the message is stored either way).
 */
import { formatPrice } from '@gallop/currency';
import { eq } from 'drizzle-orm';
import { chatMessages, chats, organizers, outbox, tourDates, tours } from '#src/db/schema/index.ts';
import { openOrganizerChat } from '#src/modules/chat/index.ts';
import { readSiteSettings } from '#src/modules/content/index.ts';
import {
  policyLines,
  tiersOfBooking,
  type BookingEvent,
} from '#src/modules/booking-rules/index.ts';
import { bookingUrl, firstPayment } from './messages.ts';
import type { RequestRow } from './records.ts';
import type { Transaction } from './transitions.ts';
import { partyText } from './party-text.ts';

type OutboxValues = typeof outbox.$inferInsert;

export interface NoticeOptions {
  publicUrl: string;
}

export type Notice =
  | { kind: 'status'; event: BookingEvent; booking: RequestRow; refunded: number }
  | { kind: 'riders'; booking: RequestRow; added: number; removed: number; edited: number }
  | { kind: 'meeting'; booking: RequestRow };

/** What the notices say about a booking besides its row. */
interface Facts {
  tourName: string;
  dates: string | null;
  organizerId: number;
  organizerName: string;
  organizerEmail: string | null;
  supportEmail: string;
}

async function factsOf(tx: Transaction, booking: RequestRow): Promise<Facts> {
  const [tour] = await tx
    .select({
      name: tours.name,
      organizerId: organizers.id,
      organizerName: organizers.name,
      organizerEmail: organizers.email,
    })
    .from(tours)
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .where(eq(tours.id, booking.tourId));
  const [date] =
    booking.tourDateId === null
      ? []
      : await tx.select().from(tourDates).where(eq(tourDates.id, booking.tourDateId));
  const { support_email: supportEmail } = await readSiteSettings(tx, ['support_email']);
  return {
    tourName: tour?.name ?? 'your tour',
    dates: date ? `${date.startDate} to ${date.endDate}` : null,
    organizerId: tour?.organizerId ?? 0,
    organizerName: tour?.organizerName ?? 'the organizer',
    organizerEmail: tour?.organizerEmail ?? null,
    supportEmail,
  };
}

/** An amount of minor units as the site shows it, without decimals (spec: currency display). */
export const money = (minor: number, currency: string) => formatPrice(minor / 100, currency);

const deadline = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** One notice in words: the line for the chat and both e-mails, and the traveller's e-mail kind. */
interface Wording {
  /** The outbox kind of the traveller's e-mail; undefined: the traveller gets another e-mail. */
  travellerKind: string | undefined;
  subject: string;
  /** The news, written to the traveller ("your booking"). */
  forTraveller: string;
  /** The same news, written to the organizer. */
  forOrganizer: string;
  /** The same news for the booking's chat, which both sides read; else `forOrganizer`. */
  forChat?: string;
  /** Whether support hears of it too (a paid booking is cancelled). */
  tellSupport: boolean;
}

function refundSentence(booking: RequestRow, refunded: number, byPolicy: boolean): string {
  if (booking.paid === 0) return 'Nothing was paid, so nothing is due.';
  const paid = money(booking.paid, booking.currency);
  if (refunded === 0) {
    return `By the cancellation policy accepted at booking, nothing of the ${paid} paid is refunded.`;
  }
  const back = money(refunded, booking.currency);
  return byPolicy && refunded < booking.paid
    ? `By the cancellation policy accepted at booking, ${back} of the ${paid} paid is refunded to the card; refunds reach most cards within 5–10 days.`
    : `All ${back} paid is refunded to the card; refunds reach most cards within 5–10 days.`;
}

function statusWording(event: BookingEvent, booking: RequestRow, refunded: number): Wording {
  const id = `#${booking.id}`;
  const reason = booking.cancelMessage ?? booking.declineReason;
  // A reason typed as a sentence keeps its own full stop.
  const because = reason ? ` Reason: ${reason.replace(/[.!?…]+$/u, '')}.` : '';
  switch (event) {
    case 'organizer-confirms':
      return {
        travellerKind: 'booking-confirmed',
        subject: `Booking ${id} is confirmed`,
        forTraveller: `The organizer confirmed booking ${id}. Pay ${firstPayment(booking)} to secure the seats${booking.holdUntil ? ` by ${deadline(booking.holdUntil)}` : ''}.`,
        forOrganizer: `Booking ${id} is confirmed. The traveller${booking.holdUntil ? ` has until ${deadline(booking.holdUntil)}` : ' is asked'} to pay ${firstPayment(booking)}.`,
        tellSupport: false,
      };
    case 'organizer-declines':
      return {
        travellerKind: 'booking-declined',
        subject: `Booking ${id} was declined`,
        forTraveller: `The organizer could not accept booking ${id}, so its seats were released and nothing is due.${because}`,
        forOrganizer: `Booking ${id} was declined and its seats released.${because}`,
        tellSupport: false,
      };
    case 'organizer-cancels':
    case 'support-cancels': {
      const who = event === 'organizer-cancels' ? 'the organizer' : 'Gallop support';
      return {
        travellerKind: 'booking-canceled',
        subject: `Booking ${id} is cancelled`,
        forTraveller: `Booking ${id} was cancelled by ${who}.${because} ${refundSentence(booking, refunded, false)}`,
        forOrganizer: `Booking ${id} was cancelled by ${who} and its seats released.${because} ${refundSentence(booking, refunded, false)}`,
        tellSupport: booking.paid > 0,
      };
    }
    case 'traveller-cancels':
      return {
        travellerKind: 'booking-canceled',
        subject: `Booking ${id} is cancelled`,
        forTraveller: `You cancelled booking ${id}; its seats were released. ${refundSentence(booking, refunded, true)}`,
        forOrganizer: `The traveller cancelled booking ${id}; its seats were released.${because} ${refundSentence(booking, refunded, true)}`,
        forChat: `Booking ${id} was cancelled by the traveller; its seats were released.${because} ${refundSentence(booking, refunded, true)}`,
        tellSupport: booking.paid > 0,
      };
    case 'deadline-passes': {
      const why = booking.cancelMessage ?? 'Its deadline passed';
      return {
        travellerKind: 'booking-expired',
        subject: `Booking ${id} was released`,
        forTraveller: `${why}, so the seats of booking ${id} were released and nothing is due. If you still want to ride, book again.`,
        forOrganizer: `Booking ${id} was released: ${why.charAt(0).toLowerCase()}${why.slice(1)}.`,
        tellSupport: false,
      };
    }
    case 'payment-arrives':
      return {
        // The payment's own e-mail tells the traveller (payments.ts).
        travellerKind: undefined,
        subject: `Booking ${id} is paid`,
        forTraveller: `The payment for booking ${id} arrived: ${money(booking.paid, booking.currency)} of ${money(booking.price, booking.currency)} is paid.`,
        forOrganizer: `The traveller paid booking ${id}: ${money(booking.paid, booking.currency)} of ${money(booking.price, booking.currency)} is paid.`,
        forChat: `A payment for booking ${id} arrived: ${money(booking.paid, booking.currency)} of ${money(booking.price, booking.currency)} is paid.`,
        tellSupport: false,
      };
    case 'minimum-reached':
      // A guarantee is told by `tellGuaranteed`, once for the whole date.
      return {
        travellerKind: 'booking-confirmed',
        subject: `Booking ${id} is confirmed`,
        forTraveller: `The date of booking ${id} reached its minimum group, so the booking is confirmed.`,
        forOrganizer: `Booking ${id} is confirmed: its date reached its minimum group.`,
        tellSupport: false,
      };
    case 'tour-ends':
      return {
        // The review invitation is the traveller's e-mail (bookings/completion.ts).
        travellerKind: undefined,
        subject: `The tour of booking ${id} has ended`,
        forTraveller: `The tour of booking ${id} has ended. We hope you had a wonderful ride: tell other riders about it in a review.`,
        forOrganizer: `The tour of booking ${id} has ended; the traveller is invited to review it.`,
        tellSupport: false,
      };
  }
}

function wordingOf(notice: Notice): Wording {
  const id = `#${notice.booking.id}`;
  switch (notice.kind) {
    case 'status':
      return statusWording(notice.event, notice.booking, notice.refunded);
    case 'riders': {
      const parts = [
        notice.added > 0 ? `${notice.added} rider(s) added` : '',
        notice.removed > 0 ? `${notice.removed} rider(s) removed` : '',
        notice.edited > 0 ? `${notice.edited} rider(s) updated` : '',
      ].filter(Boolean);
      const total = `${partyText(notice.booking)}, ${money(notice.booking.price, notice.booking.currency)} in total`;
      return {
        travellerKind: 'booking-riders-changed',
        subject: `Riders of booking ${id} changed`,
        forTraveller: `The riders of booking ${id} changed (${parts.join(', ') || 'details updated'}). The booking is now for ${total}.`,
        forOrganizer: `The traveller changed the riders of booking ${id} (${parts.join(', ') || 'details updated'}). It is now for ${total}; see the riders' details on the booking's page.`,
        forChat: `The riders of booking ${id} changed (${parts.join(', ') || 'details updated'}). It is now for ${total}.`,
        tellSupport: false,
      };
    }
    case 'meeting':
      return {
        // The meeting's own e-mail brings the traveller the details (meetings/handlers.ts).
        travellerKind: undefined,
        subject: `Meeting details for booking ${id}`,
        forTraveller: `The organizer shared the meeting details of booking ${id}: where and when to meet, and what to bring. Read them on your booking's page.`,
        forOrganizer: `The meeting details of booking ${id} were saved and shown to the traveller.`,
        tellSupport: false,
      };
  }
}

/** The organizer's page of a booking (the organizer area). */
function organizerBookingUrl(booking: Pick<RequestRow, 'id'>, publicUrl: string): string {
  return new URL(`/partner/bookings/${booking.id}`, publicUrl).href;
}

/** The e-mails of one notice: to the traveller, the organizer and, when it matters, support. */
function emailsOf(
  notice: Notice,
  wording: Wording,
  facts: Facts,
  options: NoticeOptions,
): OutboxValues[] {
  const { booking } = notice;
  const trip = `"${facts.tourName}"${facts.dates ? ` (${facts.dates})` : ''}`;
  const subject = `${wording.subject}: ${facts.tourName}`;
  const payload = {
    requestId: booking.id,
    event: notice.kind === 'status' ? notice.event : notice.kind,
  };
  const policy =
    notice.kind === 'status' && notice.event === 'traveller-cancels' && booking.paid > 0
      ? `\n\nThe cancellation policy accepted at booking:\n${policyLines(tiersOfBooking(booking))
          .map((line) => `- ${line}`)
          .join('\n')}`
      : '';
  const emails: OutboxValues[] = [];
  if (wording.travellerKind !== undefined) {
    emails.push({
      kind: wording.travellerKind,
      channel: 'email',
      recipient: booking.contactEmail,
      subject,
      body: `Hello ${booking.contactName},\n\n${wording.forTraveller}\n\nYour trip: ${trip}.${policy}\n\nYour booking: ${bookingUrl(booking, options.publicUrl)}\n\nThe Gallop team`,
      payload,
    });
  }
  if (facts.organizerEmail) {
    emails.push({
      kind: 'organizer-booking-notice',
      channel: 'email',
      recipient: facts.organizerEmail,
      subject,
      body: `Hello ${facts.organizerName},\n\n${wording.forOrganizer}\n\nTour: ${trip}. Traveller: ${booking.contactName}.${policy}\n\nThe booking: ${organizerBookingUrl(booking, options.publicUrl)}\n\nThe Gallop team`,
      payload,
    });
  }
  if (wording.tellSupport && facts.supportEmail) {
    emails.push({
      kind: 'support-booking-notice',
      channel: 'email',
      recipient: facts.supportEmail,
      subject,
      body: `${wording.forOrganizer}\n\nTour: ${trip}, organizer ${facts.organizerName}. Traveller: ${booking.contactName} <${booking.contactEmail}>, ${booking.contactPhone}.`,
      payload,
    });
  }
  return emails;
}

/**
 * The booking's chat: the traveller's conversation with the tour's organizer, opened when it is
 * not there yet. A guest's booking (no account yet) has none.
 */
async function chatOf(tx: Transaction, booking: RequestRow, facts: Facts) {
  if (booking.userId === null || facts.organizerId === 0) return undefined;
  const { chat } = await openOrganizerChat(tx, {
    clientId: booking.userId,
    organizerId: facts.organizerId,
    tourId: booking.tourId,
    title: facts.organizerName,
  });
  return chat;
}

/** Writes one notice's e-mails and chat message in the caller's transaction. */
export async function tellEveryone(
  tx: Transaction,
  notice: Notice,
  options: NoticeOptions,
): Promise<void> {
  const facts = await factsOf(tx, notice.booking);
  const wording = wordingOf(notice);
  const emails = emailsOf(notice, wording, facts, options);
  if (emails.length > 0) await tx.insert(outbox).values(emails);
  const chat = await chatOf(tx, notice.booking, facts);
  if (!chat) return;
  const at = new Date();
  await tx.insert(chatMessages).values({
    chatId: chat.id,
    side: 'staff',
    senderId: null,
    // Said neutrally, as both sides read it.
    body: wording.forChat ?? wording.forOrganizer,
    requestId: notice.booking.id,
    createdAt: at,
    // Pushed to the sockets after commit by the chat's announcer.
    announcedAt: null,
  });
  await tx.update(chats).set({ lastMessageAt: at }).where(eq(chats.id, chat.id));
}

type TourDateRow = typeof tourDates.$inferSelect;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2027-03-12" -> "12 Mar 2027", as the tour page shows dates. */
function dayMonthYear(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

interface GuaranteeNotice {
  /** The date, already guaranteed. */
  date: TourDateRow;
  /** Every live booking on it; `confirmed` when the guarantee confirmed it (1 -> 2). */
  told: readonly { booking: RequestRow; confirmed: boolean }[];
}

/** The guarantee in words, to one traveller and to the organizer (decision 111). */
function guaranteeWording(
  date: Pick<TourDateRow, 'startDate' | 'minRiders'>,
  booking: RequestRow,
  confirmed: boolean,
): { subject: string; forTraveller: string; forChat: string } {
  const day = dayMonthYear(date.startDate);
  const group = `the group reached its minimum of ${date.minRiders ?? 1} riders, so the date runs`;
  const pay = confirmed
    ? ` Booking #${booking.id} is confirmed: pay ${firstPayment(booking)} to secure the seats${booking.holdUntil ? ` by ${deadline(booking.holdUntil)}` : ''}.`
    : '';
  return {
    subject: `Your ride on ${day} is guaranteed`,
    forTraveller: `Your ride on ${day} is guaranteed: ${group}.${pay}`,
    forChat: `The ride on ${day} is guaranteed: ${group}.${confirmed ? ` Booking #${booking.id} is confirmed without waiting for an answer.` : ''}`,
  };
}

/**
 * A date reached its minimum group: each traveller booked on it gets one e-mail and one chat
 * message, and the organizer one e-mail naming the bookings, in the guarantee's transaction.
 */
export async function tellGuaranteed(
  tx: Transaction,
  notice: GuaranteeNotice,
  options: NoticeOptions,
): Promise<void> {
  const first = notice.told[0];
  if (!first) return;
  const facts = await factsOf(tx, first.booking);
  const trip = `"${facts.tourName}"${facts.dates ? ` (${facts.dates})` : ''}`;
  const emails: OutboxValues[] = [];
  for (const { booking, confirmed } of notice.told) {
    const wording = guaranteeWording(notice.date, booking, confirmed);
    emails.push({
      kind: 'date-guaranteed',
      channel: 'email',
      recipient: booking.contactEmail,
      subject: `${wording.subject}: ${facts.tourName}`,
      body: `Hello ${booking.contactName},\n\n${wording.forTraveller}\n\nYour trip: ${trip}.\n\nYour booking: ${bookingUrl(booking, options.publicUrl)}\n\nThe Gallop team`,
      payload: { requestId: booking.id, event: 'minimum-reached', tourDateId: notice.date.id },
    });
    const chat = await chatOf(tx, booking, facts);
    if (!chat) continue;
    const at = new Date();
    await tx.insert(chatMessages).values({
      chatId: chat.id,
      side: 'staff',
      senderId: null,
      body: wording.forChat,
      requestId: booking.id,
      createdAt: at,
      announcedAt: null,
    });
    await tx.update(chats).set({ lastMessageAt: at }).where(eq(chats.id, chat.id));
  }
  if (facts.organizerEmail) {
    const day = dayMonthYear(notice.date.startDate);
    const lines = notice.told
      .map(
        ({ booking, confirmed }) =>
          `- #${booking.id} ${booking.contactName}, ${partyText(booking)}${confirmed ? ': confirmed now' : ''} ${organizerBookingUrl(booking, options.publicUrl)}`,
      )
      .join('\n');
    emails.push({
      kind: 'organizer-date-guaranteed',
      channel: 'email',
      recipient: facts.organizerEmail,
      subject: `Your ride on ${day} is guaranteed: ${facts.tourName}`,
      body: `Hello ${facts.organizerName},\n\nThe ride on ${day} reached its minimum of ${notice.date.minRiders ?? 1} riders, so it is guaranteed: the requests waiting for your answer are confirmed and new bookings on it are confirmed at once. A cancellation does not take the guarantee back.\n\nTour: ${trip}. Bookings:\n${lines}\n\nThe Gallop team`,
      payload: { tourDateId: notice.date.id, event: 'minimum-reached' },
    });
  }
  await tx.insert(outbox).values(emails);
}
