/**
 * The booking rules: plain functions with no database and no imports, used by the catalogue (a
 * tour's cancellation terms, which bookings count) as much as by bookings, payments, meetings and
 * reviews. The status machine, the cancellation policies and pricing (decisions 089, 091).
 * Code outside the module imports it only from here (tooling/lint/boundaries.js).
 */
export {
  policyLines,
  tiersOf,
  tiersOfBooking,
  toCancellationPolicy,
  travellerRefund,
  type PolicyName,
} from './cancellation-policy.ts';
export {
  amountDue,
  balanceDueBy,
  balanceDueDay,
  creditOf,
  daysUntil,
  inCurrency,
  isExactAmount,
  openPaymentTypes,
  quote,
  wholeUnits,
  type PaymentType,
} from './pricing.ts';
export {
  ACTIVE_STATUSES,
  CANCELED_STATUSES,
  decide,
  decideFor,
  isActive,
  releasesSeats,
  STATUS,
  type Actor,
  type BookingEvent,
  type BookingStatus,
} from './status-machine.ts';
