/**
 * @gallop/booking-rules: the booking rules as plain functions, with no database and no imports
 * (README.md). The status machine, the cancellation policies, pricing and the ages a tour takes
 * (decisions 089, 091, 154).
 * The API decides and charges with them; the web's booking form quotes with the same `quote`, so
 * what a form says is what the request is asked (decision 152).
 */
export {
  policyLines,
  tiersOf,
  tiersOfBooking,
  nextRefundChange,
  refundDeadlines,
  refundDeadlinesLine,
  toCancellationPolicy,
  travellerRefund,
  type CancellationTier,
  type RefundChange,
  type RefundDeadline,
  type PolicyName,
} from './cancellation-policy';
export {
  amountDue,
  balanceDueBy,
  balanceDueDay,
  creditOf,
  daysUntil,
  inCurrency,
  isExactAmount,
  openPaymentTypes,
  prepaidAt,
  prepaymentOfPaidBooking,
  quote,
  wholeUnits,
  type Balance,
  type DatePricing,
  type NonRiders,
  type PaymentType,
} from './pricing';
export {
  ACTIVE_STATUSES,
  CANCELED_STATUSES,
  decide,
  decideFor,
  isActive,
  paidBookingStatus,
  releasesSeats,
  STATUS,
  type Actor,
  type BookingEvent,
  type BookingFacts,
  type BookingStatus,
  type Decision,
} from './status-machine';
export {
  ageRefusal,
  firstAgeRefusal,
  yearsOn,
  youngestRider,
  type AgedTraveller,
  type TourAges,
} from './ages';
