/**
 * "Everyone is told" (decisions: "Booking lifecycle"; decision 091): every status change, rider
 * change and saved meeting detail of a booking reaches the traveller and the organizer by e-mail
 * through the outbox, and the booking's chat as a system message; a cancellation of a paid booking
 * also reaches support. The notices are written in the transaction that made the change, so a
 * change is never told without happening, nor happens without being told. Pushing the chat
 * message to connected sockets is left to the next read (the message is stored either way).
 */
import { formatWeight, TACK_LABELS } from '@gallop/rider-fit';
import { eq } from 'drizzle-orm';
import { chatMessages, chats, organizers, outbox, tourDates, tours } from '#src/db/schema/index.ts';
import { openOrganizerChat } from '#src/modules/chat/index.ts';
import { readSiteSettings } from '#src/modules/content/index.ts';
import { policyLines, tiersOfBooking, type BookingEvent } from '@gallop/booking-rules';
import {
  bookingGreeting,
  bookingUrl,
  calledOffWording,
  firstPaymentText,
  guaranteeWording,
  organizerCalledOffText,
  organizerGuaranteeText,
  type CalledOffBooking,
  type DateCallOff,
  type Guarantee,
} from './messages.ts';
import { STATUS, type RequestRow } from './records.ts';
import type { Transaction } from './transitions.ts';
import { partyText } from './party-text.ts';
import { inBothUnits } from './rider-places.ts';
import {
  counted,
  dateDetails,
  displayDay,
  displayInstant,
  horseText,
  levelName,
  money,
  organizerBookingUrl,
  riderLine,
  riderName,
  tripText,
  type RiderFacts,
} from './wording.ts';

export { money };

type OutboxValues = typeof outbox.$inferInsert;

export interface NoticeOptions {
  publicUrl: string;
  /**
   * The booking ends because its whole date was called off (decision 148): its traveller and
   * chat are told so in words of their own (`calledOffWording`), and the organizer hears of
   * every booking on the date in one e-mail (`tellDateCalledOff`), not of each.
   */
  calledOff?: DateCallOff | undefined;
}

/** A rider as stored, with what an edit may change besides the facts horses are matched by. */
type StoredRider = RiderFacts & {
  email: string | null;
  phone: string | null;
  foodRestriction: string | null;
  /** Absent on a rider read before tack and hours were kept: not given. */
  tack?: 'english' | 'western' | 'other' | null | undefined;
  hoursPerDay?: number | null | undefined;
};

/** What a change of a booking's riders did, for the words of its notice. */
export interface RiderChanges {
  added: readonly RiderFacts[];
  removed: readonly RiderFacts[];
  edited: readonly { before: StoredRider; after: StoredRider }[];
  /** The tour's standard weight limit: above it a rider takes a heavier-horse place. */
  maxRiderWeightKg: number;
  /** The date's first day, for the riders' ages; none for a tour on request. */
  firstDay: string | undefined;
  /** The guarantee these riders brought, if they completed the date's minimum group. */
  guarantee?: Guarantee | undefined;
  /**
   * A booking that has paid (`added-riders.ts`): what its added riders' share of the prepayment
   * leaves due and until when their places are held, or `covered` when this change left nothing
   * due for riders added before (they were removed).
   */
  addedRiders?: { due: number; by: Date } | 'covered' | undefined;
}

export type Notice =
  | {
      kind: 'status';
      event: BookingEvent;
      booking: RequestRow;
      refunded: number;
      /** The guarantee the move brought (an organizer's confirmation, decision 148). */
      guarantee?: Guarantee | undefined;
    }
  | { kind: 'riders'; booking: RequestRow; changes: RiderChanges }
  /**
   * The booking job gave back the places of riders added to a paid booking, their share of the
   * prepayment unpaid when their hold ended (`added-riders.ts`).
   */
  | { kind: 'unpaid-riders-released'; booking: RequestRow; removed: readonly RiderFacts[] }
  /** The organizer saved the meeting details; `updated` when they had been saved before. */
  | { kind: 'meeting'; booking: RequestRow; updated?: boolean | undefined }
  /**
   * A booking made signed out joined the account of the traveller who proved its e-mail
   * (`claimGuestBookings`): a request can now be confirmed; `holdEnd` is its hold to pay.
   */
  | { kind: 'email-confirmed'; booking: RequestRow; holdEnd: Date | null };

/** Why the booking job releases a booking, as the traveller reads it (`cancel_message`). */
export const RELEASE_REASONS = {
  unanswered: 'The organizer did not answer in time',
  unconfirmed: 'The e-mail address was not confirmed in time',
  unpaid: 'No payment reached us in time',
} as const;

const UNDECIDED_DATE = 'The organizer did not confirm the date by ';

/**
 * Why the booking job released a booking on a date its organizer did not guarantee by its
 * decision day (decision 148): "The organizer did not confirm the date by 12 Mar 2027".
 */
export function undecidedDateReason(decisionDate: string): string {
  return `${UNDECIDED_DATE}${displayDay(decisionDate)}`;
}

/** What the notices say about a booking besides its row. */
export interface Facts {
  tourName: string;
  /** The booked date for brackets (`dateDetails`): "5–10 January 2027, Private room". */
  dates: string | null;
  organizerId: number;
  organizerName: string;
  organizerEmail: string | null;
  supportEmail: string;
}

async function factsOf(
  tx: Transaction,
  booking: Pick<RequestRow, 'tourId' | 'tourDateId'>,
): Promise<Facts> {
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
    dates: date ? dateDetails(date) : null,
    organizerId: tour?.organizerId ?? 0,
    organizerName: tour?.organizerName ?? 'the organizer',
    organizerEmail: tour?.organizerEmail ?? null,
    supportEmail,
  };
}

/**
 * One notice in words. The chat's line is read by both sides, so it names neither as "you" nor
 * speaks of its reader in the third person; each e-mail speaks to its reader.
 */
interface Wording {
  /** The outbox kind of the traveller's e-mail; undefined: the traveller gets another e-mail. */
  travellerKind: string | undefined;
  subject: string;
  /** The news, written to the traveller ("your booking"). */
  forTraveller: string;
  /** The same news, written to the organizer ("you confirmed"). */
  forOrganizer: string;
  /** What the organizer's e-mail adds below the news (the riders' details of a change). */
  organizerDetails?: string;
  /** The same news for the booking's chat, which both sides read. */
  forChat: string;
  /** The same news for support, when it hears of it; else `forChat`. */
  forSupport?: string;
  /** Whether support hears of it too (a paid booking is cancelled). */
  tellSupport: boolean;
}

/** Who reads a refund's words: the traveller, the organizer, or both sides and support. */
type Reader = 'traveller' | 'organizer' | 'neutral';

function refundSentence(
  booking: RequestRow,
  refunded: number,
  byPolicy: boolean,
  reader: Reader,
): string {
  if (booking.paid === 0) return 'Nothing was paid, so nothing is due.';
  const paid = money(booking.paid, booking.currency);
  const kept = money(booking.paid - refunded, booking.currency);
  // By the policy the organizer keeps what is not refunded: each side is told what it means.
  const keeps = !byPolicy
    ? ''
    : reader === 'organizer'
      ? ` You keep ${refunded < booking.paid ? kept : 'nothing'}.`
      : reader === 'neutral'
        ? ` The organizer keeps ${refunded < booking.paid ? kept : 'nothing'}.`
        : '';
  const timing = reader === 'traveller' ? '; refunds reach most cards within 5–10 days.' : '.';
  if (refunded === 0) {
    return `By the cancellation policy accepted at booking, nothing of the ${paid} paid is refunded.${keeps}`;
  }
  const back = money(refunded, booking.currency);
  return byPolicy && refunded < booking.paid
    ? `By the cancellation policy accepted at booking, ${back} of the ${paid} paid is refunded to the card${timing}${keeps}`
    : `All ${back} paid is refunded to the card${timing}${keeps}`;
}

/** The booking's release in words: what the job stored as the reason, for each reader. */
function releaseWording(id: string, booking: RequestRow): Omit<Wording, 'travellerKind'> {
  const why = booking.cancelMessage ?? 'Its deadline passed';
  const freed = 'its seats are free again';
  const [forOrganizer, forChat] =
    why === RELEASE_REASONS.unanswered
      ? [
          `You did not answer booking request ${id} in time, so it was released and ${freed}.`,
          `Booking request ${id} was released: it was not answered in time, so ${freed} and nothing is due.`,
        ]
      : why === RELEASE_REASONS.unconfirmed
        ? [
            `Booking ${id} was released: the traveller did not confirm their e-mail address in time, so ${freed}.`,
            `Booking ${id} was released: the e-mail address was not confirmed in time, so ${freed}.`,
          ]
        : why === RELEASE_REASONS.unpaid
          ? [
              `Booking ${id} was released: no payment reached us in time, so ${freed}.`,
              `Booking ${id} was released: no payment arrived in time, so ${freed}.`,
            ]
          : why.startsWith(UNDECIDED_DATE)
            ? [
                `You did not confirm the date by ${why.slice(UNDECIDED_DATE.length)}, so booking ${id} was released and ${freed}; nothing is due.`,
                `Booking ${id} was released: ${why.charAt(0).toLowerCase()}${why.slice(1)}, so ${freed} and nothing is due.`,
              ]
            : [
                `Booking ${id} was released: ${why.charAt(0).toLowerCase()}${why.slice(1)}.`,
                `Booking ${id} was released: ${why.charAt(0).toLowerCase()}${why.slice(1)}.`,
              ];
  return {
    subject: `Booking ${id} was released`,
    forTraveller: `${why}, so the seats of booking ${id} were released and nothing is due. If you still want to ride, book again.`,
    forOrganizer,
    forChat,
    tellSupport: false,
  };
}

/**
 * For the organizer at the tour's end: the part of the price never paid. Payments close when the
 * tour starts (payments.ts), so Gallop no longer collects it.
 */
function uncollectedText(booking: RequestRow): string {
  const unpaid = booking.price - booking.paid;
  if (unpaid <= 0) return '';
  const amount = (minor: number) => money(minor, booking.currency);
  return ` Its balance was never paid: ${amount(booking.paid)} of ${amount(booking.price)} is paid, ${amount(unpaid)} is not. Payments on Gallop close when the tour starts, so settle the rest with the traveller directly.`;
}

function statusWording(event: BookingEvent, booking: RequestRow, refunded: number): Wording {
  const id = `#${booking.id}`;
  const reason = booking.cancelMessage ?? booking.declineReason;
  // A reason typed as a sentence keeps its own full stop.
  const because = reason ? ` Reason: ${reason.replace(/[.!?…]+$/u, '')}.` : '';
  const paidSoFar = `${money(booking.paid, booking.currency)} of ${money(booking.price, booking.currency)} is paid.`;
  switch (event) {
    case 'organizer-confirms': {
      const by = booking.holdUntil ? ` by ${displayInstant(booking.holdUntil)}` : '';
      return {
        travellerKind: 'booking-confirmed',
        subject: `Booking ${id} is confirmed`,
        forTraveller: `The organizer confirmed booking ${id}. Pay ${firstPaymentText(booking)}, to secure the seats${by}; unpaid, the booking is released.`,
        forOrganizer: `You confirmed booking ${id}. The traveller is asked to pay ${firstPaymentText(booking)},${by}; unpaid, the booking is released and its seats are free again.`,
        forChat: `Booking ${id} is confirmed: ${firstPaymentText(booking)}, is due${by}.`,
        tellSupport: false,
      };
    }
    case 'organizer-declines':
      return {
        travellerKind: 'booking-declined',
        subject: `Booking ${id} was declined`,
        forTraveller: `The organizer could not accept booking ${id}, so its seats were released and nothing is due.${because}`,
        forOrganizer: `You declined booking ${id}; its seats were released.${because}`,
        forChat: `Booking ${id} was declined; its seats were released and nothing is due.${because}`,
        tellSupport: false,
      };
    case 'organizer-cancels':
    case 'support-cancels': {
      const byOrganizer = event === 'organizer-cancels';
      const who = byOrganizer ? 'the organizer' : 'Gallop support';
      const refund = refundSentence(booking, refunded, false, 'neutral');
      return {
        travellerKind: 'booking-canceled',
        subject: `Booking ${id} is cancelled`,
        forTraveller: `Booking ${id} was cancelled by ${who}.${because} ${refundSentence(booking, refunded, false, 'traveller')}`,
        forOrganizer: `${byOrganizer ? 'You' : 'Gallop support'} cancelled booking ${id}; its seats were released.${because} ${refund}`,
        forChat: `Booking ${id} was cancelled by ${who}; its seats were released.${because} ${refund}`,
        tellSupport: booking.paid > 0,
      };
    }
    case 'traveller-cancels':
      return {
        travellerKind: 'booking-canceled',
        subject: `Booking ${id} is cancelled`,
        forTraveller: `You cancelled booking ${id}; its seats were released. ${refundSentence(booking, refunded, true, 'traveller')}`,
        forOrganizer: `The traveller cancelled booking ${id}; its seats were released.${because} ${refundSentence(booking, refunded, true, 'organizer')}`,
        forChat: `Booking ${id} was cancelled by the traveller; its seats were released.${because} ${refundSentence(booking, refunded, true, 'neutral')}`,
        forSupport: `The traveller cancelled booking ${id}; its seats were released.${because} ${refundSentence(booking, refunded, true, 'neutral')}`,
        tellSupport: booking.paid > 0,
      };
    case 'deadline-passes':
      return { travellerKind: 'booking-expired', ...releaseWording(id, booking) };
    case 'payment-arrives':
      return {
        // The payment's own e-mail tells the traveller (payments.ts).
        travellerKind: undefined,
        subject: `Booking ${id} is paid`,
        forTraveller: `The payment for booking ${id} arrived: ${paidSoFar}`,
        forOrganizer: `The traveller paid booking ${id}: ${paidSoFar}`,
        forChat: `A payment for booking ${id} arrived: ${paidSoFar}`,
        tellSupport: false,
      };
    case 'minimum-reached':
      // A guarantee is told by `tellGuaranteed`, once for the whole date.
      return {
        travellerKind: 'booking-confirmed',
        subject: `Booking ${id} is confirmed`,
        forTraveller: `The date of booking ${id} reached its minimum group, so the booking is confirmed.`,
        forOrganizer: `Booking ${id} is confirmed: its date reached its minimum group.`,
        forChat: `Booking ${id} is confirmed: its date reached its minimum group.`,
        tellSupport: false,
      };
    case 'tour-ends':
      return {
        // The review invitation is the traveller's e-mail (bookings/completion.ts).
        travellerKind: undefined,
        subject: `The tour of booking ${id} has ended`,
        forTraveller: `The tour of booking ${id} has ended. We hope you had a wonderful ride: tell other riders about it in a review.`,
        forOrganizer: `The tour of booking ${id} has ended and the booking is complete. We invited the traveller to review it.${uncollectedText(booking)}`,
        forChat: `The tour of booking ${id} has ended and the booking is complete; it can now be reviewed.`,
        tellSupport: false,
      };
  }
}

/**
 * "weight 104.5 kg → 85 kg (230 lb → 187 lb)": both units, as the booking form takes either; both
 * sides written alike (kilograms to the tenth they are kept to).
 */
function weightChange(before: number | null, after: number | null): string {
  if (before === null) return `weight ${inBothUnits(after!)}`;
  if (after === null) return `weight removed (was ${formatWeight(before, 'kg')})`;
  return `weight ${formatWeight(before, 'kg')} → ${formatWeight(after, 'kg')} (${formatWeight(before, 'lb')} → ${formatWeight(after, 'lb')})`;
}

/** What an edit changed of one rider, for the organizer: "Jordan Lee: weight 104 kg → 85 kg …". */
function editLine(
  { before, after }: RiderChanges['edited'][number],
  changes: RiderChanges,
): string {
  const tour = { maxRiderWeightKg: changes.maxRiderWeightKg };
  const parts: string[] = [];
  if (riderName(before) !== riderName(after)) parts.push(`name was ${riderName(before)}`);
  if (before.birthday !== after.birthday) {
    parts.push(
      after.birthday ? `date of birth ${displayDay(after.birthday)}` : 'date of birth removed',
    );
  }
  if (before.riderLevel !== after.riderLevel) {
    parts.push(
      `level ${levelName(before.riderLevel) ?? 'not given'} → ${levelName(after.riderLevel) ?? 'not given'}`,
    );
  }
  if ((before.tack ?? null) !== (after.tack ?? null)) {
    const tack = (value: typeof after.tack) => (value ? TACK_LABELS[value] : 'not given');
    parts.push(`usual tack ${tack(before.tack)} → ${tack(after.tack)}`);
  }
  if ((before.hoursPerDay ?? null) !== (after.hoursPerDay ?? null)) {
    const hours = (value: number | null | undefined) =>
      value === null || value === undefined ? 'not given' : `${value} h`;
    parts.push(`hours a day ${hours(before.hoursPerDay)} → ${hours(after.hoursPerDay)}`);
  }
  if (before.weight !== after.weight) {
    const horse = horseText(after.weight, tour);
    const newHorse = horse !== horseText(before.weight, tour) ? `, now ${horse}` : '';
    parts.push(`${weightChange(before.weight, after.weight)}${newHorse}`);
  }
  if (before.foodRestriction !== after.foodRestriction) {
    parts.push(
      after.foodRestriction ? `food: ${after.foodRestriction}` : 'food restriction removed',
    );
  }
  if (before.email !== after.email || before.phone !== after.phone) {
    parts.push('contact details changed');
  }
  return `${riderName(after)}: ${parts.join('; ') || 'details updated'}`;
}

/**
 * What a rider change of a paid booking leaves due for its added riders (`added-riders.ts`), as
 * sentences each reader's words end with; nothing for any other change.
 */
function addedRidersWording(
  booking: RequestRow,
  addedRiders: RiderChanges['addedRiders'],
): { forTraveller: string; forOrganizer: string; forChat: string } {
  if (addedRiders === undefined) return { forTraveller: '', forOrganizer: '', forChat: '' };
  if (addedRiders === 'covered') {
    const covered = ' What was paid covers its prepayment again: nothing more is due now.';
    return { forTraveller: covered, forOrganizer: covered, forChat: covered };
  }
  const due = money(addedRiders.due, booking.currency);
  const by = displayInstant(addedRiders.by);
  return {
    forTraveller: ` To keep the places of the riders added since your payment, pay what is due for them, ${due}, by ${by}. Unpaid, they are removed and their places released; the riders already paid for keep theirs.`,
    forOrganizer: ` The traveller is asked to pay what is due for the added riders, ${due}, by ${by}. Unpaid, they are removed and their places are free again; the riders already paid for keep theirs.`,
    forChat: ` ${due} is due for the added riders by ${by}; unpaid, they are removed and their places released.`,
  };
}

/**
 * Riders added to a paid booking given back by the booking job, their share of the prepayment
 * unpaid at the hold's end: who was removed, and what the booking is now.
 */
function unpaidRidersWording(booking: RequestRow, removed: readonly RiderFacts[]): Wording {
  const id = `#${booking.id}`;
  const one = removed.length === 1;
  const added = `the ${one ? 'rider' : `${removed.length} riders`} added to booking ${id} (${removed.map((r) => riderName(r)).join(', ')})`;
  const removedAnd = `${one ? 'the rider was' : 'they were'} removed and`;
  const places = one ? 'their place' : 'their places';
  const now = `${partyText(booking)}, ${money(booking.price, booking.currency)} in total, ${money(booking.paid, booking.currency)} paid`;
  return {
    travellerKind: 'booking-riders-released',
    subject: `Riders of booking ${id} were removed`,
    forTraveller: `What was due for ${added} was not paid in time, so ${removedAnd} ${places} released. The riders already paid for keep their places: the booking is now for ${now}. To bring ${one ? 'the rider' : 'them'} back, add them again while places are free.`,
    forOrganizer: `The traveller did not pay what was due for ${added} in time, so ${removedAnd} ${places} ${one ? 'is' : 'are'} free again. The booking is now for ${now}.`,
    forChat: `What was due for ${added} was not paid in time, so ${removedAnd} ${places} released. The booking is now for ${now}.`,
    tellSupport: false,
  };
}

/** A rider change in words: names for everyone, the riders' details for the organizer. */
function ridersWording(booking: RequestRow, changes: RiderChanges): Wording {
  const id = `#${booking.id}`;
  const names = (riders: readonly RiderFacts[]) => riders.map((r) => riderName(r)).join(', ');
  const summary = [
    changes.added.length > 0
      ? `${counted(changes.added.length, 'rider')} added: ${names(changes.added)}`
      : '',
    changes.removed.length > 0
      ? `${counted(changes.removed.length, 'rider')} removed: ${names(changes.removed)}`
      : '',
    changes.edited.length > 0
      ? `${counted(changes.edited.length, 'rider')} updated: ${names(changes.edited.map((e) => e.after))}`
      : '',
  ]
    .filter(Boolean)
    .join('; ');
  const what = summary || 'details updated';
  const total = `${partyText(booking)}, ${money(booking.price, booking.currency)} in total`;
  const tour = { maxRiderWeightKg: changes.maxRiderWeightKg };
  const section = (title: string, lines: readonly string[]) =>
    lines.length > 0 ? [`${title}:\n${lines.map((line) => `- ${line}`).join('\n')}`] : [];
  const details = [
    ...section(
      'Added',
      changes.added.map((rider) => riderLine(rider, tour, changes.firstDay)),
    ),
    ...section(
      'Removed',
      changes.removed.map((rider) => riderName(rider)),
    ),
    ...section(
      'Updated',
      changes.edited.map((edit) => editLine(edit, changes)),
    ),
  ].join('\n');
  const mine = changes.guarantee?.told.find((told) => told.booking.id === booking.id);
  const guaranteed = changes.guarantee
    ? guaranteeWording(
        changes.guarantee.date,
        booking,
        mine?.confirmed ?? false,
        changes.guarantee.cause,
      )
    : undefined;
  const share = addedRidersWording(booking, changes.addedRiders);
  return {
    // Merged with a guarantee, it is the traveller's guarantee e-mail, as a new booking's is.
    travellerKind: guaranteed ? 'date-guaranteed' : 'booking-riders-changed',
    subject: guaranteed
      ? `Riders of booking ${id} changed; ${guaranteed.subject.replace(/^Your/, 'your')}`
      : `Riders of booking ${id} changed`,
    forTraveller: `The riders of booking ${id} changed (${what}). The booking is now for ${total}.${share.forTraveller}${guaranteed ? `\n\n${guaranteed.forTraveller}` : ''}`,
    forOrganizer: `The traveller changed the riders of booking ${id} (${what}). It is now for ${total}.${share.forOrganizer}`,
    ...(details ? { organizerDetails: details } : {}),
    forChat: `The riders of booking ${id} changed (${what}). It is now for ${total}.${share.forChat}`,
    tellSupport: false,
  };
}

/**
 * A status change that guaranteed its date (the organizer confirmed a request on it, decision
 * 148) in one notice: the traveller's e-mail is their guarantee e-mail, as a new booking's is,
 * and the chat's line says both; the organizer's e-mail adds the date's bookings (`emailsOf`).
 */
function withGuarantee(wording: Wording, booking: RequestRow, guarantee: Guarantee): Wording {
  const words = guaranteeWording(guarantee.date, booking, false, guarantee.cause);
  return {
    ...wording,
    travellerKind: 'date-guaranteed',
    subject: `${wording.subject}; ${words.subject.replace(/^Your/, 'your')}`,
    forTraveller: `${wording.forTraveller}\n\n${words.forTraveller}`,
    forChat: `${wording.forChat} ${words.forChat}`,
  };
}

/**
 * A booking ended with its whole date (decision 148) in words: the call-off and what it means
 * for the money. The organizer's e-mail is the date's one (`tellDateCalledOff`); support hears
 * of a paid booking, as of any organizer's cancel.
 */
function calledOffStatusWording(
  booking: RequestRow,
  refunded: number,
  callOff: DateCallOff,
): Wording {
  const nothing = 'Nothing was paid, so nothing is charged.';
  const words = calledOffWording(callOff, booking, {
    forTraveller:
      booking.paid === 0 ? nothing : refundSentence(booking, refunded, false, 'traveller'),
    neutral: booking.paid === 0 ? nothing : refundSentence(booking, refunded, false, 'neutral'),
  });
  return {
    travellerKind: 'date-cancelled',
    subject: `${words.subject} (booking #${booking.id})`,
    forTraveller: words.forTraveller,
    forOrganizer: words.forChat,
    forChat: words.forChat,
    forSupport: words.forSupport,
    tellSupport: booking.paid > 0,
  };
}

/**
 * A guest's booking claimed by the traveller who proved its e-mail, for the organizer and the
 * chat (the traveller proved it themselves and reads it on the booking's page): a request can be
 * answered now, a confirmed booking can be paid.
 */
function emailConfirmedWording(booking: RequestRow, holdEnd: Date | null): Wording {
  const waiting = booking.status === STATUS.pendingConfirm;
  const id = `${waiting ? 'booking request' : 'booking'} #${booking.id}`;
  const until = booking.respondBy ? ` until ${displayInstant(booking.respondBy)}` : '';
  const by = holdEnd ? ` by ${displayInstant(holdEnd)}` : '';
  const due = `${firstPaymentText(booking)}, is due${by}`;
  const [forOrganizer, forChat] = waiting
    ? [
        `you can answer it now, by ${booking.respondBy ? displayInstant(booking.respondBy) : 'its deadline'}, with the links of our first e-mail or on the booking's page; unanswered, it is released.`,
        `it waits for the organizer's answer${until}; unanswered, it is released.`,
      ]
    : booking.status === STATUS.pendingPrepayment
      ? [`${due}; unpaid, it is released.`, `${due}.`]
      : ['it goes ahead.', 'it goes ahead.'];
  return {
    travellerKind: undefined,
    subject: `The traveller confirmed their e-mail for booking #${booking.id}`,
    forTraveller: `The e-mail address of ${id} is confirmed.`,
    forOrganizer: `The traveller confirmed their e-mail address, so ${id} is theirs and ${forOrganizer} You can write to them in the chat on Gallop.`,
    forChat: `The e-mail address of ${id} is confirmed: ${forChat}`,
    tellSupport: false,
  };
}

/** One notice in words, for each reader (exported for its tests). */
export function wordingOf(notice: Notice, calledOff?: DateCallOff): Wording {
  if (calledOff && notice.kind === 'status') {
    return calledOffStatusWording(notice.booking, notice.refunded, calledOff);
  }
  const id = `#${notice.booking.id}`;
  switch (notice.kind) {
    case 'status':
      return notice.guarantee
        ? withGuarantee(
            statusWording(notice.event, notice.booking, notice.refunded),
            notice.booking,
            notice.guarantee,
          )
        : statusWording(notice.event, notice.booking, notice.refunded);
    case 'riders':
      return ridersWording(notice.booking, notice.changes);
    case 'unpaid-riders-released':
      return unpaidRidersWording(notice.booking, notice.removed);
    case 'email-confirmed':
      return emailConfirmedWording(notice.booking, notice.holdEnd);
    case 'meeting':
      // A second save is a change, as the traveller's e-mail says ("Updated meeting details").
      return notice.updated
        ? {
            travellerKind: undefined,
            subject: `Updated meeting details for booking ${id}`,
            forTraveller: `The organizer updated the meeting details of booking ${id}. Read them again on your booking's page.`,
            forOrganizer: `You updated the meeting details of booking ${id}; the traveller can read them on the booking's page.`,
            forChat: `The meeting details of booking ${id} were updated: read them again on the booking's page.`,
            tellSupport: false,
          }
        : {
            // The meeting's own e-mail brings the traveller the details (meetings/meet-page.ts).
            travellerKind: undefined,
            subject: `Meeting details for booking ${id}`,
            forTraveller: `The organizer shared the meeting details of booking ${id}: where and when to meet, and what to bring. Read them on your booking's page.`,
            forOrganizer: `You saved the meeting details of booking ${id}; the traveller can read them on the booking's page.`,
            forChat: `The meeting details of booking ${id} are ready: where and when to meet, and what to bring, on the booking's page.`,
            tellSupport: false,
          };
  }
}

/**
 * The policy for those who do not pay it: for each tier, what the traveller gets back and what the
 * organizer keeps, told to the organizer ("you keep") or to support ("the organizer keeps"); the
 * traveller's own words (`policyLines`, "what you paid") are the traveller's alone.
 */
function policyLinesFor(
  reader: 'organizer' | 'support',
  tiers: ReturnType<typeof tiersOfBooking>,
): string[] {
  const sorted = [...tiers].sort((a, b) => b.days_before - a.days_before);
  const keeper = reader === 'organizer' ? 'you keep' : 'the organizer keeps';
  // `policyLines` says when each tier applies, in its order, then the closing line.
  return policyLines(tiers).map((line, index) => {
    const when = line.slice(0, line.lastIndexOf(': '));
    const percent = sorted[index]?.refund_percent ?? (sorted.length === 0 ? 100 : 0);
    const split =
      percent >= 100
        ? `the traveller gets everything paid back, ${keeper} nothing`
        : percent <= 0
          ? `no refund, ${keeper} everything paid`
          : `the traveller gets ${percent}% of what was paid back, ${keeper} ${100 - percent}%`;
    return `${when}: ${split}`;
  });
}

/** The e-mails of one notice: to the traveller, the organizer and, when it matters, support. */
export function emailsOf(
  notice: Notice,
  wording: Wording,
  facts: Facts,
  options: NoticeOptions & { organizerTold: boolean },
): OutboxValues[] {
  const { booking } = notice;
  const trip = tripText(facts.tourName, facts.dates);
  const subject = `${wording.subject}: ${facts.tourName}`;
  const guarantee =
    notice.kind === 'riders'
      ? notice.changes.guarantee
      : notice.kind === 'status'
        ? notice.guarantee
        : undefined;
  const calledOff = notice.kind === 'status' ? options.calledOff : undefined;
  const payload = {
    requestId: booking.id,
    event: notice.kind === 'status' ? notice.event : notice.kind,
    ...(guarantee ? { event: 'minimum-reached', tourDateId: guarantee.date.id } : {}),
    ...(calledOff ? { tourDateId: calledOff.date.id } : {}),
  };
  const withPolicy =
    notice.kind === 'status' && notice.event === 'traveller-cancels' && booking.paid > 0;
  const policy = (title: string, lines: readonly string[]) =>
    withPolicy ? `\n\n${title}:\n${lines.map((line) => `- ${line}`).join('\n')}` : '';
  const tiers = tiersOfBooking(booking);
  const travellersPolicy = policy(
    'The cancellation policy accepted at booking',
    policyLines(tiers),
  );
  const emails: OutboxValues[] = [];
  if (wording.travellerKind !== undefined) {
    emails.push({
      kind: wording.travellerKind,
      channel: 'email',
      recipient: booking.contactEmail,
      subject,
      body: `${bookingGreeting(booking)}\n\n${wording.forTraveller}\n\nYour trip: ${trip}.${travellersPolicy}\n\nYour booking: ${bookingUrl(booking, options.publicUrl)}\n\nThe Gallop team`,
      payload,
    });
  }
  // A booking ended with its date: the organizer's one e-mail names it (`tellDateCalledOff`).
  if (facts.organizerEmail && !options.organizerTold && !calledOff) {
    const details = [
      wording.organizerDetails,
      guarantee && organizerGuaranteeText(guarantee, options.publicUrl),
    ]
      .filter(Boolean)
      .map((text) => `\n\n${text}`)
      .join('');
    const organizersPolicy = policy(
      'The cancellation policy accepted at booking',
      policyLinesFor('organizer', tiers),
    );
    emails.push({
      kind: guarantee ? 'organizer-date-guaranteed' : 'organizer-booking-notice',
      channel: 'email',
      recipient: facts.organizerEmail,
      subject,
      body: `Hello ${facts.organizerName},\n\n${wording.forOrganizer}${details}\n\nTour: ${trip}. Traveller: ${booking.contactName}.${organizersPolicy}\n\nThe booking: ${organizerBookingUrl(booking, options.publicUrl)}\n\nThe Gallop team`,
      payload,
    });
  }
  if (wording.tellSupport && facts.supportEmail) {
    emails.push({
      kind: 'support-booking-notice',
      channel: 'email',
      recipient: facts.supportEmail,
      subject,
      body: `${wording.forSupport ?? wording.forChat}\n\nTour: ${trip}, organizer ${facts.organizerName}. Traveller: ${booking.contactName} <${booking.contactEmail}>, ${booking.contactPhone}.${policy('The cancellation policy accepted at booking', policyLinesFor('support', tiers))}`,
      payload,
    });
  }
  return emails;
}

/** Who the booking's chat is with (`chatOf`). */
type ChatFacts = Pick<Facts, 'organizerId' | 'organizerName'>;

/**
 * The booking's chat: the traveller's conversation with the tour's organizer, opened when it is
 * not there yet. A guest's booking (no account yet) has none.
 */
async function chatOf(tx: Transaction, booking: RequestRow, facts: ChatFacts) {
  if (booking.userId === null || facts.organizerId === 0) return undefined;
  const { chat } = await openOrganizerChat(tx, {
    clientId: booking.userId,
    organizerId: facts.organizerId,
    tourId: booking.tourId,
    title: facts.organizerName,
  });
  return chat;
}

/** Writes a system message into the booking's chat (pushed after commit by the announcer). */
async function writeToChat(
  tx: Transaction,
  booking: RequestRow,
  facts: ChatFacts,
  body: string,
): Promise<void> {
  const chat = await chatOf(tx, booking, facts);
  if (!chat) return;
  const at = new Date();
  await tx.insert(chatMessages).values({
    chatId: chat.id,
    side: 'staff',
    senderId: null,
    body,
    requestId: booking.id,
    createdAt: at,
    // Pushed to the sockets after commit by the chat's announcer.
    announcedAt: null,
  });
  await tx.update(chats).set({ lastMessageAt: at }).where(eq(chats.id, chat.id));
}

/**
 * A new booking's line in its chat (`newBookingChatLine`), opening the chat: the organizer's open
 * pages read the booking again on a system line (the web's chat cache). A guest's has no chat.
 */
export async function tellNewBookingInChat(
  tx: Transaction,
  booking: RequestRow,
  organizer: ChatFacts,
  body: string,
): Promise<void> {
  await writeToChat(tx, booking, organizer, body);
}

/** Writes one notice's e-mails and chat message in the caller's transaction. */
export async function tellEveryone(
  tx: Transaction,
  notice: Notice,
  {
    organizerTold = false,
    ...options
  }: NoticeOptions & {
    /**
     * The organizer already has this news: a first payment's meeting e-mail, sent in the same
     * transaction by `openMeeting`, says what is paid.
     */
    organizerTold?: boolean;
  },
): Promise<void> {
  const facts = await factsOf(tx, notice.booking);
  const wording = wordingOf(notice, options.calledOff);
  const emails = emailsOf(notice, wording, facts, { ...options, organizerTold });
  if (emails.length > 0) await tx.insert(outbox).values(emails);
  await writeToChat(tx, notice.booking, facts, wording.forChat);
}

/**
 * A date reached its minimum group: each traveller booked on it gets one e-mail and one chat
 * message, and the organizer one e-mail naming the bookings, in the guarantee's transaction.
 * The booking that brought it (`announcingId`: one being created, or whose riders changed) gets
 * its chat message here, and its own two e-mails tell the guarantee (`bookingReceivedMessage`
 * and `newRequestForOrganizer`, or the rider-change e-mails), so neither its traveller nor the
 * organizer gets two e-mails for the one moment.
 */
export async function tellGuaranteed(
  tx: Transaction,
  notice: Guarantee,
  options: NoticeOptions & {
    announcingId?: number | undefined;
    /** The announcing booking's own chat message told the guarantee (a confirmation's). */
    announcedInChat?: boolean | undefined;
  },
): Promise<void> {
  const first = notice.told[0];
  if (!first) return;
  const facts = await factsOf(tx, first.booking);
  const trip = tripText(facts.tourName, facts.dates);
  const emails: OutboxValues[] = [];
  for (const { booking, confirmed } of notice.told) {
    const wording = guaranteeWording(notice.date, booking, confirmed, notice.cause);
    const announcing = booking.id === options.announcingId;
    if (!announcing) {
      emails.push({
        kind: 'date-guaranteed',
        channel: 'email',
        recipient: booking.contactEmail,
        subject: `${wording.subject}: ${facts.tourName}`,
        body: `${bookingGreeting(booking)}\n\n${wording.forTraveller}\n\nYour trip: ${trip}.\n\nYour booking: ${bookingUrl(booking, options.publicUrl)}\n\nThe Gallop team`,
        payload: { requestId: booking.id, event: 'minimum-reached', tourDateId: notice.date.id },
      });
    }
    if (!announcing || !options.announcedInChat) {
      await writeToChat(tx, booking, facts, wording.forChat);
    }
  }
  if (facts.organizerEmail && options.announcingId === undefined) {
    const day = displayDay(notice.date.startDate);
    emails.push({
      kind: 'organizer-date-guaranteed',
      channel: 'email',
      recipient: facts.organizerEmail,
      subject: `Your ride on ${day} is guaranteed: ${facts.tourName}`,
      body: `Hello ${facts.organizerName},\n\n${organizerGuaranteeText(notice, options.publicUrl)}\n\nTour: ${trip}.\n\nThe Gallop team`,
      payload: { tourDateId: notice.date.id, event: 'minimum-reached' },
    });
  }
  if (emails.length > 0) await tx.insert(outbox).values(emails);
}

/**
 * A date was called off as a whole (decision 148): the organizer gets one e-mail naming every
 * booking it ended, how and what was refunded, in the call-off's transaction (each traveller's
 * e-mail and chat line were written by the booking's own move, `calledOff` in its notice). An
 * organizer who cancelled a date nobody was booked on has no news to read; the decision day's
 * call-off is news even then.
 */
export async function tellDateCalledOff(
  tx: Transaction,
  callOff: DateCallOff & { tourId: number },
  ended: readonly CalledOffBooking[],
  options: Pick<NoticeOptions, 'publicUrl'>,
): Promise<void> {
  if (callOff.cause === 'organizer' && ended.length === 0) return;
  const facts = await factsOf(tx, { tourId: callOff.tourId, tourDateId: callOff.date.id });
  if (!facts.organizerEmail) return;
  const trip = tripText(facts.tourName, facts.dates);
  const words = organizerCalledOffText(callOff, ended, options.publicUrl);
  await tx.insert(outbox).values({
    kind: 'organizer-date-cancelled',
    channel: 'email',
    recipient: facts.organizerEmail,
    subject: `${words.subject}: ${facts.tourName}`,
    body: `Hello ${facts.organizerName},\n\n${words.body}\n\nTour: ${trip}.\n\nThe Gallop team`,
    payload: { tourDateId: callOff.date.id, event: 'date-cancelled', cause: callOff.cause },
  });
}
