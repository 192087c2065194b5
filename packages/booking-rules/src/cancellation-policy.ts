/**
 * Cancellation policies (decisions: "Money"; decision 091). A policy is a list of tiers, "at
 * least N days before the start → P % of what was paid back", read from the longest notice down;
 * closer to the start than every tier gives nothing back. Tours carry one of three named presets;
 * a booking freezes the tiers it was accepted with, so a later change of the tour's policy never
 * changes what a traveller agreed to. Pure: every rule is tested without a database.
 */
import { daysUntil } from './pricing';

export interface CancellationTier {
  /** The tier applies when the cancellation is at least this many days before the start. */
  days_before: number;
  /** Share of the paid amount given back, 0–100. */
  refund_percent: number;
}

export type PolicyName = 'flexible' | 'moderate' | 'strict';

export const POLICY_NAMES: readonly PolicyName[] = ['flexible', 'moderate', 'strict'];

/** The presets the catalogue uses, longest notice first. */
export const POLICY_TIERS: Record<PolicyName, readonly CancellationTier[]> = {
  flexible: [
    { days_before: 14, refund_percent: 100 },
    { days_before: 3, refund_percent: 50 },
  ],
  moderate: [
    { days_before: 30, refund_percent: 100 },
    { days_before: 14, refund_percent: 50 },
  ],
  strict: [
    { days_before: 60, refund_percent: 100 },
    { days_before: 30, refund_percent: 50 },
  ],
};

const POLICY_TITLES: Record<PolicyName, string> = {
  flexible: 'Flexible',
  moderate: 'Moderate',
  strict: 'Strict',
};

const isPolicyName = (value: string): value is PolicyName =>
  (POLICY_NAMES as readonly string[]).includes(value);

/** The tiers of a stored policy name; an unknown name reads as the moderate preset. */
export const tiersOf = (name: string): readonly CancellationTier[] =>
  POLICY_TIERS[isPolicyName(name) ? name : 'moderate'];

/** The tiers a booking was accepted with (booked before policies: the moderate preset). */
export const tiersOfBooking = (booking: {
  cancellationPolicy: string | null;
  cancellationTiers: readonly CancellationTier[] | null;
}): readonly CancellationTier[] =>
  booking.cancellationTiers ?? tiersOf(booking.cancellationPolicy ?? 'moderate');

/** The percentage given back when cancelling `daysBefore` days before the start. */
export function refundPercent(tiers: readonly CancellationTier[], daysBefore: number): number {
  const tier = [...tiers]
    .sort((a, b) => b.days_before - a.days_before)
    .find((candidate) => daysBefore >= candidate.days_before);
  return tier?.refund_percent ?? 0;
}

/**
 * What a traveller's cancellation gives back of `paid` (minor units) on `today`, by the tiers.
 * A tour on request (no start) gives everything back. Rounded down to a whole unit, like every
 * amount the site shows and charges (`wholeUnits`): 50% of US$1,693 gives back US$846, the
 * organizer keeps US$847, and both add up to what was paid. Never more than the policy.
 */
export function travellerRefund(
  tiers: readonly CancellationTier[],
  paid: number,
  start: string | undefined,
  today: string,
): number {
  if (paid <= 0) return 0;
  if (start === undefined) return paid;
  const share = Math.floor((paid * refundPercent(tiers, daysUntil(start, today))) / 100);
  return share >= paid ? paid : Math.floor(share / 100) * 100;
}

/** When what a traveller's cancellation gives back next falls, and to how much. */
export interface RefundChange {
  /** The first day (`YYYY-MM-DD`, UTC like every day of the API) with the lower refund. */
  day: string;
  /** What cancelling gives back from that day (minor units); 0 once the start has come. */
  refund: number;
}

/**
 * The next fall of a traveller's refund after `today`: the day after the last day of the tier in
 * force, or the start (cancelling ends there; nothing given back). Undefined when nothing is paid,
 * nothing would come back already, or the tour has no start (everything comes back until it ends).
 * The booking page names the moment, so a refund never falls unannounced (decision 208).
 */
export function nextRefundChange(
  tiers: readonly CancellationTier[],
  paid: number,
  start: string | undefined,
  today: string,
): RefundChange | undefined {
  if (start === undefined || start <= today) return undefined;
  const now = travellerRefund(tiers, paid, start, today);
  if (now <= 0) return undefined;
  // The refund can only fall where the schedule's share changes (`refundDeadlines`); a share
  // that rounds to as much is no fall and is passed.
  for (const { before } of refundDeadlines(tiers, start, today)) {
    if (before >= start) break;
    const refund = travellerRefund(tiers, paid, start, before);
    if (refund < now) return { day: before, refund };
  }
  return { day: start, refund: 0 };
}

/** One step of a date's refund schedule: `percent` back for a cancellation before `before`. */
export interface RefundDeadline {
  /** The first day (`YYYY-MM-DD`, UTC) this share no longer applies. */
  before: string;
  percent: number;
}

/**
 * What cancelling gives back for a date starting on `start`, booked `today`, as deadlines in time
 * order: the share in force now first, each until the first day of the next lower one; after the
 * last, nothing. The booking form shows them for the date chosen, so the policy is accepted with
 * its days named (decision 208). Empty when nothing would come back already.
 */
export function refundDeadlines(
  tiers: readonly CancellationTier[],
  start: string,
  today: string,
): RefundDeadline[] {
  const deadlines: RefundDeadline[] = [];
  const sorted = [...tiers].sort((a, b) => b.days_before - a.days_before);
  for (const [index, tier] of sorted.entries()) {
    // Cancelling ends at the start whatever a tier says.
    const before = minDay(addDays(start, 1 - tier.days_before), start);
    const next = sorted[index + 1];
    if (before <= today || tier.refund_percent === 0) continue;
    if (next?.refund_percent === tier.refund_percent) continue;
    deadlines.push({ before, percent: tier.refund_percent });
  }
  return deadlines;
}

const minDay = (a: string, b: string) => (a < b ? a : b);

/** A share of what was paid, as the deadlines say it. */
const shareBack = (percent: number) => (percent === 100 ? 'everything back' : `${percent}% back`);

/**
 * `refundDeadlines` in one sentence: "For this date: everything back if you cancel before 00:00
 * UTC, 20 Feb 2027; 50% back before 00:00 UTC, 8 Mar 2027; nothing after." `writeMoment` writes
 * each moment (an ISO instant, 00:00 UTC of the day): the viewer's zone on a page, UTC in a
 * receipt. Undefined when nothing would come back already.
 */
export function refundDeadlinesLine(
  tiers: readonly CancellationTier[],
  start: string,
  today: string,
  writeMoment: (isoDateTime: string) => string,
): string | undefined {
  const deadlines = refundDeadlines(tiers, start, today);
  if (deadlines.length === 0) return undefined;
  const steps = deadlines.map(({ before, percent }, index) => {
    const moment = writeMoment(`${before}T00:00:00.000Z`);
    return index === 0
      ? `${shareBack(percent)} if you cancel before ${moment}`
      : `${shareBack(percent)} before ${moment}`;
  });
  return `For this date: ${steps.join('; ')}; nothing after.`;
}

/** `day` moved by `days` (ISO dates, UTC). */
const addDays = (day: string, days: number): string =>
  new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

/** The policy in words, one line a tier plus the closing line: tour page, e-mails, receipts. */
export function policyLines(tiers: readonly CancellationTier[]): string[] {
  const sorted = [...tiers].sort((a, b) => b.days_before - a.days_before);
  const lines = sorted.map((tier, index) => {
    const upper = index === 0 ? undefined : sorted[index - 1]!.days_before;
    const when =
      upper === undefined
        ? `${tier.days_before} days or more before the start`
        : `${tier.days_before}–${upper - 1} days before the start`;
    return `${when}: ${tier.refund_percent}% of what you paid back`;
  });
  const last = sorted.at(-1);
  lines.push(
    last === undefined
      ? 'Any time before the start: everything you paid back'
      : `Less than ${last.days_before} days before the start: no refund`,
  );
  return lines;
}

/** The contract's `CancellationPolicy` of a preset name and its tiers. */
export function toCancellationPolicy(name: string | null, tiers: readonly CancellationTier[]) {
  const known: PolicyName = name !== null && isPolicyName(name) ? name : 'moderate';
  return {
    name: known,
    title: POLICY_TITLES[known],
    tiers: tiers.map((tier) => ({ ...tier })),
    lines: policyLines(tiers),
  };
}
